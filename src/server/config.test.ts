import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config.ts';

describe('loadConfig', () => {
  it('starts on the documented defaults with an empty environment', () => {
    const config = loadConfig({});
    expect(config).toMatchObject({
      PORT: 3000,
      // Only this machine can reach a server started without thinking about it.
      HOST: '127.0.0.1',
      PUBLIC_URL: 'http://localhost:3000',
      publicOrigin: 'http://localhost:3000',
      LOG_LEVEL: 'info',
      DATA_DIR: './data',
      ADMIN_USERNAME: 'admin',
      ALLOW_TEST_ACCOUNTS: false,
    });
    expect(config.DATABASE_URL).toBeUndefined();
    expect(config.REDIS_URL).toBeUndefined();
    expect(config.METRICS_PORT).toBeUndefined();
    expect(config.LOG_FORMAT).toBeUndefined();
    expect(config.SHUTDOWN_DRAIN_SECONDS).toBe(5);
  });

  it('reads the operator settings: metrics port, log format, shutdown drain', () => {
    const config = loadConfig({
      METRICS_PORT: '9464',
      LOG_FORMAT: 'json',
      SHUTDOWN_DRAIN_SECONDS: '0',
    });
    expect(config).toMatchObject({
      METRICS_PORT: 9464,
      LOG_FORMAT: 'json',
      SHUTDOWN_DRAIN_SECONDS: 0,
    });
    expect(loadConfig({ METRICS_PORT: '', LOG_FORMAT: '' }).METRICS_PORT).toBeUndefined();

    let error: unknown;
    try {
      loadConfig({ METRICS_PORT: 'metrics', LOG_FORMAT: 'xml', SHUTDOWN_DRAIN_SECONDS: '-1' });
    } catch (err) {
      error = err;
    }
    const { message } = error as ConfigError;
    expect(message).toContain(
      'METRICS_PORT: must be a port number from 0 to 65535 (got "metrics")',
    );
    expect(message).toContain('LOG_FORMAT: must be json or pretty (got "xml")');
    expect(message).toContain('SHUTDOWN_DRAIN_SECONDS: must be a whole number of seconds');
    expect(() => loadConfig({ PORT: '8080', METRICS_PORT: '8080' })).toThrow(
      /METRICS_PORT: must differ from PORT/,
    );
  });

  it('reads SUPPORT_EMAIL: unset or empty means none, anything but an address is refused', () => {
    expect(loadConfig({}).SUPPORT_EMAIL).toBeUndefined();
    expect(loadConfig({ SUPPORT_EMAIL: ' ' }).SUPPORT_EMAIL).toBeUndefined();
    expect(loadConfig({ SUPPORT_EMAIL: ' help@logos.example ' }).SUPPORT_EMAIL).toBe(
      'help@logos.example',
    );
    expect(() => loadConfig({ SUPPORT_EMAIL: 'help desk' })).toThrow(
      'SUPPORT_EMAIL: must be an email address (e.g. support@example.org) (got "help desk")',
    );
  });

  it('derives PUBLIC_URL from PORT and drops a trailing slash from an explicit one', () => {
    expect(loadConfig({ PORT: '8080' }).PUBLIC_URL).toBe('http://localhost:8080');
    const config = loadConfig({ PUBLIC_URL: 'https://logos.example.com/' });
    expect(config.PUBLIC_URL).toBe('https://logos.example.com');
    expect(config.publicOrigin).toBe('https://logos.example.com');
  });

  it('reads the guest ceiling and the file proxy budgets, with defaults and readable refusals', () => {
    expect(loadConfig({})).toMatchObject({
      GUEST_DOWNLOADS_PER_ADDRESS_PER_DAY: 30,
      FILES_PER_MINUTE: 300,
      FILE_BYTES_PER_MINUTE: 100 * 1024 * 1024,
    });
    expect(
      loadConfig({
        GUEST_DOWNLOADS_PER_ADDRESS_PER_DAY: '5',
        FILES_PER_MINUTE: '60',
        FILE_BYTES_PER_MINUTE: '20 MB',
      }),
    ).toMatchObject({
      GUEST_DOWNLOADS_PER_ADDRESS_PER_DAY: 5,
      FILES_PER_MINUTE: 60,
      FILE_BYTES_PER_MINUTE: 20 * 1024 * 1024,
    });
    expect(loadConfig({ FILE_BYTES_PER_MINUTE: '2097152' }).FILE_BYTES_PER_MINUTE).toBe(2097152);
    let error: unknown;
    try {
      loadConfig({
        GUEST_DOWNLOADS_PER_ADDRESS_PER_DAY: 'many',
        FILES_PER_MINUTE: '0',
        FILE_BYTES_PER_MINUTE: 'lots',
      });
    } catch (err) {
      error = err;
    }
    expect(error).toBeInstanceOf(ConfigError);
    expect((error as ConfigError).problems).toEqual([
      'GUEST_DOWNLOADS_PER_ADDRESS_PER_DAY: must be a whole number of downloads per day (at least 1) (got "many")',
      'FILES_PER_MINUTE: must be a whole number of files per minute (at least 10) (got "0")',
      'FILE_BYTES_PER_MINUTE: must be a size of at least 1MB, in bytes or with KB, MB or GB (e.g. 100MB) (got "lots")',
    ]);
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

  it('trusts X-Forwarded-For only from the proxy addresses it is given', () => {
    expect(loadConfig({}).TRUST_PROXY).toBe(false);
    expect(loadConfig({ TRUST_PROXY: 'false' }).TRUST_PROXY).toBe(false);
    expect(loadConfig({ TRUST_PROXY: '127.0.0.1/32' }).TRUST_PROXY).toEqual(['127.0.0.1/32']);
    expect(loadConfig({ TRUST_PROXY: '10.0.0.0/8, 127.0.0.1,::1' }).TRUST_PROXY).toEqual([
      '10.0.0.0/8',
      '127.0.0.1',
      '::1',
    ]);
    expect(loadConfig({ TRUST_PROXY: 'fd00::/8' }).TRUST_PROXY).toEqual(['fd00::/8']);
  });

  it.each(['true', '1', '2'])(
    'refuses TRUST_PROXY=%s (it would trust addresses the client writes, or nothing) and says what to set',
    (value) => {
      expect(() => loadConfig({ TRUST_PROXY: value })).toThrow(ConfigError);
      expect(() => loadConfig({ TRUST_PROXY: value })).toThrow(
        /TRUST_PROXY: must list the addresses of your proxies or load balancers.*e\.g\. TRUST_PROXY=10\.0\.0\.0\/8/,
      );
    },
  );

  it.each(['everyone', '10.0.0.0/33', '300.1.1.1', '10.0.0.0/8,,nonsense'])(
    'refuses TRUST_PROXY=%s as not an address list',
    (value) => {
      expect(() => loadConfig({ TRUST_PROXY: value })).toThrow(/TRUST_PROXY: /);
    },
  );

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

  it('reads the files cache size, where 0 turns it off and an empty value means the default', () => {
    expect(loadConfig({}).FILES_CACHE_MB).toBe(512);
    expect(loadConfig({ FILES_CACHE_MB: '' }).FILES_CACHE_MB).toBe(512);
    expect(loadConfig({ FILES_CACHE_MB: '0' }).FILES_CACHE_MB).toBe(0);
    expect(loadConfig({ FILES_CACHE_MB: '2048' }).FILES_CACHE_MB).toBe(2048);
    expect(() => loadConfig({ FILES_CACHE_MB: '1.5GB' })).toThrow(
      'FILES_CACHE_MB: must be a whole number of megabytes (0 turns the files cache off) (got "1.5GB")',
    );
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
