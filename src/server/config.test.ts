import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config.ts';

describe('loadConfig', () => {
  it('starts on the documented defaults with an empty environment', () => {
    const config = loadConfig({});
    expect(config).toMatchObject({
      PORT: 3000,
      HOST: '0.0.0.0',
      PUBLIC_URL: 'http://localhost:3000',
      publicOrigin: 'http://localhost:3000',
      LOG_LEVEL: 'info',
      DATA_DIR: './data',
      ADMIN_USERNAME: 'admin',
      ALLOW_TEST_ACCOUNTS: false,
    });
    expect(config.DATABASE_URL).toBeUndefined();
    expect(config.REDIS_URL).toBeUndefined();
  });

  it('derives PUBLIC_URL from PORT and drops a trailing slash from an explicit one', () => {
    expect(loadConfig({ PORT: '8080' }).PUBLIC_URL).toBe('http://localhost:8080');
    const config = loadConfig({ PUBLIC_URL: 'https://logos.example.com/' });
    expect(config.PUBLIC_URL).toBe('https://logos.example.com');
    expect(config.publicOrigin).toBe('https://logos.example.com');
  });

  it('treats empty values as unset, as .env files often leave them', () => {
    const config = loadConfig({ DATABASE_URL: '', REDIS_URL: '', SESSION_SECRET: '' });
    expect(config.DATABASE_URL).toBeUndefined();
    expect(config.SESSION_SECRET).toBeUndefined();
  });

  it('lists every bad variable in one readable message, without echoing secrets', () => {
    let error: unknown;
    try {
      loadConfig({
        PORT: 'eighty',
        LOG_LEVEL: 'loud',
        DATABASE_URL: 'mysql://root:hunter2@db/app',
        REDIS_URL: 'localhost:6379',
        SESSION_SECRET: 'short',
        ADMIN_USERNAME: 'no spaces allowed',
        PUBLIC_URL: 'logos.example.com',
      });
    } catch (err) {
      error = err;
    }
    expect(error).toBeInstanceOf(ConfigError);
    const { message, problems } = error as ConfigError;
    expect(message).toMatch(/^WikiLogos cannot start: the configuration has 7 problems:/);
    for (const name of [
      'PORT',
      'LOG_LEVEL',
      'DATABASE_URL',
      'REDIS_URL',
      'SESSION_SECRET',
      'ADMIN_USERNAME',
      'PUBLIC_URL',
    ]) {
      expect(
        problems.some((p) => p.startsWith(`${name}: `)),
        name,
      ).toBe(true);
    }
    expect(message).toContain('DATABASE_URL: must be a PostgreSQL URL');
    expect(message).toContain('PORT: must be a port number from 0 to 65535 (got "eighty")');
    expect(message).not.toContain('hunter2');
  });

  it('reads the Stripe settings, all optional, and never echoes the keys', () => {
    const off = loadConfig({});
    expect(off.STRIPE_SECRET_KEY).toBeUndefined();
    expect(off.STRIPE_WEBHOOK_SECRET).toBeUndefined();
    expect(off.STRIPE_PRICE_MONTHLY).toBeUndefined();
    expect(off.STRIPE_API_URL).toBeUndefined();
    const on = loadConfig({
      STRIPE_SECRET_KEY: 'sk_test_abc',
      STRIPE_WEBHOOK_SECRET: 'whsec_abc',
      STRIPE_PRICE_MONTHLY: 'price_m',
      STRIPE_PRICE_ANNUAL: 'price_a',
      STRIPE_API_URL: 'http://127.0.0.1:12111',
    });
    expect(on).toMatchObject({
      STRIPE_SECRET_KEY: 'sk_test_abc',
      STRIPE_WEBHOOK_SECRET: 'whsec_abc',
      STRIPE_PRICE_MONTHLY: 'price_m',
      STRIPE_PRICE_ANNUAL: 'price_a',
      STRIPE_API_URL: 'http://127.0.0.1:12111',
    });
    let error: unknown;
    try {
      loadConfig({
        STRIPE_SECRET_KEY: 'pk_live_published',
        STRIPE_WEBHOOK_SECRET: 'hunter2',
        STRIPE_API_URL: 'ftp://stripe',
      });
    } catch (err) {
      error = err;
    }
    const { message, problems } = error as ConfigError;
    expect(problems).toHaveLength(3);
    expect(message).toContain('STRIPE_SECRET_KEY: must be a Stripe secret key');
    expect(message).toContain('STRIPE_WEBHOOK_SECRET: must be');
    expect(message).not.toContain('pk_live_published');
    expect(message).not.toContain('hunter2');
  });

  it('trusts X-Forwarded-For only when told to', () => {
    expect(loadConfig({}).TRUST_PROXY).toBe(false);
    expect(loadConfig({ TRUST_PROXY: 'true' }).TRUST_PROXY).toBe(true);
    expect(loadConfig({ TRUST_PROXY: '2' }).TRUST_PROXY).toBe(2);
    expect(loadConfig({ TRUST_PROXY: '10.0.0.0/8, 127.0.0.1' }).TRUST_PROXY).toBe(
      '10.0.0.0/8, 127.0.0.1',
    );
    expect(() => loadConfig({ TRUST_PROXY: 'everyone' })).toThrow(
      /TRUST_PROXY: must be true, false/,
    );
  });

  it('accepts the scale-out settings', () => {
    const config = loadConfig({
      DATABASE_URL: 'postgres://app@db:5432/wikilogos',
      REDIS_URL: 'redis://cache:6379',
      SESSION_SECRET: 'x'.repeat(40),
      ALLOW_TEST_ACCOUNTS: 'true',
    });
    expect(config.DATABASE_URL).toBe('postgres://app@db:5432/wikilogos');
    expect(config.REDIS_URL).toBe('redis://cache:6379');
    expect(config.ALLOW_TEST_ACCOUNTS).toBe(true);
  });

  it('reads the backup schedule, where 0 turns it off and an empty value means the default', () => {
    expect(loadConfig({})).toMatchObject({ BACKUP_INTERVAL_HOURS: 24, BACKUP_KEEP: 7 });
    expect(loadConfig({ BACKUP_INTERVAL_HOURS: '', BACKUP_KEEP: '' })).toMatchObject({
      BACKUP_INTERVAL_HOURS: 24,
      BACKUP_KEEP: 7,
    });
    expect(loadConfig({ BACKUP_INTERVAL_HOURS: '0', BACKUP_KEEP: '30' })).toMatchObject({
      BACKUP_INTERVAL_HOURS: 0,
      BACKUP_KEEP: 30,
    });
    expect(loadConfig({ BACKUP_INTERVAL_HOURS: '0.5' }).BACKUP_INTERVAL_HOURS).toBe(0.5);
    let error: unknown;
    try {
      loadConfig({ BACKUP_INTERVAL_HOURS: 'daily', BACKUP_KEEP: '0' });
    } catch (err) {
      error = err;
    }
    expect(error).toBeInstanceOf(ConfigError);
    expect((error as ConfigError).problems).toEqual([
      'BACKUP_INTERVAL_HOURS: must be a number of hours from 0 (off) to 8760 (got "daily")',
      'BACKUP_KEEP: must be a whole number of backups to keep, from 1 to 1000 (got "0")',
    ]);
  });
});
