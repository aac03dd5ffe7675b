import { describe, expect, it } from 'vitest';
import path from 'node:path';
import { ConfigError, loadConfig } from './config';

describe('loadConfig', () => {
  it('gives the documented defaults for an empty environment', () => {
    const config = loadConfig({});
    expect(config).toMatchObject({ PORT: 8080, HOST: '127.0.0.1', LOG_LEVEL: 'info', DATABASE_POOL_MAX: 10, TRUST_PROXY: false });
    expect(config.DATA_DIR).toBe(path.resolve('./data'));
    expect(config.FILES_DIR).toBe(path.resolve('./data/files'));
    expect(config.DATABASE_URL).toBeUndefined();
    expect(config.REDIS_URL).toBeUndefined();
  });

  it('keeps uploaded files under DATA_DIR unless FILES_DIR points at shared storage', () => {
    expect(loadConfig({ DATA_DIR: '/srv/dandelion' }).FILES_DIR).toBe(path.resolve('/srv/dandelion/files'));
    expect(loadConfig({ DATA_DIR: '/srv/dandelion', FILES_DIR: '/mnt/nfs/files' }).FILES_DIR).toBe(path.resolve('/mnt/nfs/files'));
  });

  it('requires two-factor of administrators by default, and turns it off or changes the remembered days when told', () => {
    expect(loadConfig({})).toMatchObject({ TWO_FACTOR_REQUIRED_FOR_ADMINS: true, TWO_FACTOR_TRUSTED_DEVICE_DAYS: 30 });
    expect(loadConfig({ TWO_FACTOR_REQUIRED_FOR_ADMINS: 'false', TWO_FACTOR_TRUSTED_DEVICE_DAYS: '0' })).toMatchObject({ TWO_FACTOR_REQUIRED_FOR_ADMINS: false, TWO_FACTOR_TRUSTED_DEVICE_DAYS: 0 });
    expect(() => loadConfig({ TWO_FACTOR_TRUSTED_DEVICE_DAYS: '365' })).toThrow(ConfigError);
  });

  it('treats empty strings as unset', () => {
    expect(loadConfig({ PORT: '', DATABASE_URL: '' }).PORT).toBe(8080);
  });

  it('parses good values', () => {
    const config = loadConfig({ PORT: '9000', DATABASE_URL: 'postgres://u@h:5432/db', TRUST_PROXY: 'true', LOG_LEVEL: 'debug' });
    expect(config).toMatchObject({ PORT: 9000, DATABASE_URL: 'postgres://u@h:5432/db', TRUST_PROXY: true, LOG_LEVEL: 'debug' });
  });

  it.each([
    [{ PORT: 'eighty' }, 'PORT'],
    [{ PORT: '70000' }, 'PORT'],
    [{ LOG_LEVEL: 'loud' }, 'LOG_LEVEL'],
    [{ DATABASE_URL: 'mysql://x' }, 'DATABASE_URL'],
    [{ REDIS_URL: 'http://x' }, 'REDIS_URL'],
    [{ ADMIN_PASSWORD: 'short' }, 'ADMIN_PASSWORD'],
  ])('refuses %o naming the setting', (env, key) => {
    let caught: unknown;
    try {
      loadConfig(env as NodeJS.ProcessEnv);
    } catch (err) {
      caught = err;
    }
    expect(caught).toBeInstanceOf(ConfigError);
    expect((caught as ConfigError).message).toContain(key);
  });

  it('never echoes a secret value in the message', () => {
    expect(() => loadConfig({ ADMIN_PASSWORD: 'abc' })).toThrow(/ADMIN_PASSWORD=\(已隐藏\)/);
  });
});
