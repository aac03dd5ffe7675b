/** Turning a stored user agent and sign-in type into words a user recognises ("Chrome 124 · macOS"). */

export type DeviceKind = 'desktop' | 'mobile' | 'tablet' | 'unknown';

export interface DeviceInfo {
  browser: string | null;
  os: string | null;
  kind: DeviceKind;
}

/** Checked in order: many browsers also claim to be Chrome and Safari, so the specific ones come first. */
const BROWSERS: [RegExp, string][] = [
  [/MicroMessenger\/([\d.]+)/, '微信'],
  [/\bDingTalk\/([\d.]+)/, '钉钉'],
  [/QQBrowser\/([\d.]+)/, 'QQ浏览器'],
  [/UCBrowser\/([\d.]+)/, 'UC浏览器'],
  [/Edg(?:e|A|iOS)?\/([\d.]+)/, 'Edge'],
  [/(?:OPR|Opera)\/([\d.]+)/, 'Opera'],
  [/(?:Firefox|FxiOS)\/([\d.]+)/, 'Firefox'],
  [/(?:Chrome|CriOS)\/([\d.]+)/, 'Chrome'],
  [/Version\/([\d.]+).*Safari\//, 'Safari'],
  [/Safari\//, 'Safari'],
];

function browserOf(ua: string): string | null {
  for (const [pattern, name] of BROWSERS) {
    const match = pattern.exec(ua);
    if (match) {
      const major = match[1]?.split('.')[0];
      return major ? `${name} ${major}` : name;
    }
  }
  return null;
}

function osOf(ua: string): string | null {
  if (/HarmonyOS/i.test(ua)) return 'HarmonyOS';
  const ios = /(?:iPhone|iPad|iPod).*?OS (\d+)/.exec(ua);
  if (ios) return `iOS ${ios[1]}`;
  const android = /Android (\d+)/.exec(ua);
  if (android) return `Android ${android[1]}`;
  if (/Android/.test(ua)) return 'Android';
  if (/Windows NT 10/.test(ua)) return 'Windows 10/11';
  const windows = /Windows NT (\d+\.\d+)/.exec(ua);
  if (windows) return ({ '6.3': 'Windows 8.1', '6.2': 'Windows 8', '6.1': 'Windows 7' } as Record<string, string>)[windows[1]!] ?? 'Windows';
  if (/Macintosh|Mac OS X/.test(ua)) return 'macOS';
  if (/CrOS/.test(ua)) return 'ChromeOS';
  if (/Linux/.test(ua)) return 'Linux';
  return null;
}

function kindOf(ua: string): DeviceKind {
  if (/iPad|Tablet/.test(ua) || (/Android/.test(ua) && !/Mobile/.test(ua))) return 'tablet';
  if (/Mobi|iPhone|iPod|Android/.test(ua)) return 'mobile';
  if (/Windows|Macintosh|Linux|CrOS/.test(ua)) return 'desktop';
  return 'unknown';
}

export function parseUserAgent(userAgent: string | null | undefined): DeviceInfo {
  const ua = userAgent ?? '';
  return { browser: browserOf(ua), os: osOf(ua), kind: kindOf(ua) };
}

/** "Chrome 124 · macOS"; '未知设备' when nothing is recognised. */
export function describeDevice(userAgent: string | null | undefined): string {
  const { browser, os } = parseUserAgent(userAgent);
  const parts = [browser, os].filter(Boolean);
  return parts.length ? parts.join(' · ') : '未知设备';
}

const LOGIN_TYPES: Record<string, string> = {
  ACCOUNT: '账号密码',
  PHONE_PASSWORD: '手机号密码',
  SMS: '手机验证码',
  CAS: '统一身份认证',
  OAUTH: '第三方登录',
};

export function loginTypeLabel(loginType: string): string {
  return LOGIN_TYPES[loginType] ?? loginType;
}
