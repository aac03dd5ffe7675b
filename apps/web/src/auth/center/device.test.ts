import { describe, expect, it } from 'vitest';
import { describeDevice, loginTypeLabel, parseUserAgent } from './device';

describe('describeDevice', () => {
  it.each([
    ['Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/124.0.0.0 Safari/537.36 Edg/124.0.2478.51', 'Edge 124 · Windows 10/11', 'desktop'],
    ['Mozilla/5.0 (Windows NT 6.1; Win64; x64; rv:115.0) Gecko/20100101 Firefox/115.0', 'Firefox 115 · Windows 7', 'desktop'],
    ['Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.4 Safari/605.1.15', 'Safari 17 · macOS', 'desktop'],
    ['Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/124.0.0.0 Mobile Safari/537.36', 'Chrome 124 · Android 14', 'mobile'],
    ['Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Mobile/15E148 MicroMessenger/8.0.47(0x18002f2c) NetType/WIFI Language/zh_CN', '微信 8 · iOS 17', 'mobile'],
    ['Mozilla/5.0 (iPad; CPU OS 16_6 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) CriOS/120.0 Mobile/15E148 Safari/604.1', 'Chrome 120 · iOS 16', 'tablet'],
    ['Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/124.0.0.0 Safari/537.36', 'Chrome 124 · Linux', 'desktop'],
  ])('%s → %s', (ua, text, kind) => {
    expect(describeDevice(ua)).toBe(text);
    expect(parseUserAgent(ua).kind).toBe(kind);
  });

  it('says 未知设备 when nothing is recognised', () => {
    expect(describeDevice(null)).toBe('未知设备');
    expect(describeDevice('curl/8.5.0')).toBe('未知设备');
  });
});

describe('loginTypeLabel', () => {
  it('names the sign-in types in Chinese and keeps unknown ones', () => {
    expect(['ACCOUNT', 'PHONE_PASSWORD', 'SMS', 'CAS', 'OAUTH', 'OTHER'].map(loginTypeLabel)).toEqual(['账号密码', '手机号密码', '手机验证码', '统一身份认证', '第三方登录', 'OTHER']);
  });
});
