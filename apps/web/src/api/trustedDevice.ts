import { STORAGE_NAMESPACE } from '@dandelion/shared';

/**
 * "记住此设备": the device tokens two-factor sign-in gave this browser, by the login name typed (user
 * name or phone, lower case). They outlive sign-out (a device preference); the server checks each
 * belongs to the account signing in and has not expired, so a stale or foreign one only costs a code.
 */
const KEY = `${STORAGE_NAMESPACE}trustedDevices`;

function readAll(): Record<string, string> {
  try {
    const value: unknown = JSON.parse(localStorage.getItem(KEY) ?? '{}');
    return value && typeof value === 'object' ? (value as Record<string, string>) : {};
  } catch {
    return {};
  }
}

export function readDeviceToken(name: string): string | undefined {
  const token = readAll()[name.trim().toLowerCase()];
  return typeof token === 'string' ? token : undefined;
}

export function writeDeviceToken(name: string, token: string): void {
  try {
    localStorage.setItem(KEY, JSON.stringify({ ...readAll(), [name.trim().toLowerCase()]: token }));
  } catch {
    // storage disabled: the second step is asked for every time
  }
}
