import { describe, expect, it } from 'vitest';
import { MASK, maskSecrets, maskUrl } from './logger';

describe('maskUrl', () => {
  it('masks secret query parameters and keeps the rest', () => {
    expect(maskUrl('/stream/fms/downloads/1?fileId=9&filename=a.pdf&authorization=abc123')).toBe(
      `/stream/fms/downloads/1?fileId=9&filename=a.pdf&authorization=${encodeURIComponent(MASK)}`,
    );
    expect(maskUrl('/cas/client/validateLogin?ticket=ST-1&service=x')).toContain(`ticket=${encodeURIComponent(MASK)}`);
  });
  it('leaves URLs without secrets untouched', () => {
    expect(maskUrl('/rest/user/getUserPage')).toBe('/rest/user/getUserPage');
    expect(maskUrl('/a?b=1')).toBe('/a?b=1');
  });
});

describe('maskSecrets', () => {
  it('masks passwords, tokens and codes at any depth, case-insensitively', () => {
    const masked = maskSecrets({ username: 'li', Password: 'x', nested: { token: 't', list: [{ smsCode: '123456' }] } });
    expect(masked).toEqual({ username: 'li', Password: MASK, nested: { token: MASK, list: [{ smsCode: MASK }] } });
  });
  it('does not change the original', () => {
    const original = { password: 'p' };
    maskSecrets(original);
    expect(original.password).toBe('p');
  });
});
