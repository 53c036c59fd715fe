import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { loadConfig, trustProxySetting } from './config';

const NO_DOTENV = join(tmpdir(), 'convoza-no-such-dir', '.env');
const SECRET_32 = 's'.repeat(32);

/** Loads from exactly these variables, ignoring the repository's .env and the real environment. */
const load = (env: Record<string, string>, dotEnvPath = NO_DOTENV) => loadConfig(env, dotEnvPath);
const problem = (env: Record<string, string>) => {
  try {
    load(env);
  } catch (error) {
    return (error as Error).message;
  }
  throw new Error('expected the configuration to be refused');
};

describe('loadConfig defaults', () => {
  it('gives the documented defaults for an empty environment', () => {
    expect(load({})).toEqual({
      NODE_ENV: 'development',
      PORT: 3000,
      HOST: '0.0.0.0',
      DATA_DIR: '.data',
      LOG_LEVEL: 'info',
      SESSION_IDLE_MINUTES: 480,
      SESSION_ABSOLUTE_HOURS: 168,
      BOOKING_TOKEN_TTL_HOURS: 168,
      BOOKING_REMINDER_OFFSETS: [1440, 60],
      SHUTDOWN_DELAY_SECONDS: 5,
      SHUTDOWN_GRACE_SECONDS: 25,
      ANALYTICS_RAW_DAYS: 90,
      ANALYTICS_DAILY_VIEW_CAP: 500_000,
      ANALYTICS_DAILY_KEY_CAP: 5_000,
      MAIL_FROM: 'Convoza <hello@convoza.ai>',
      WEBHOOK_RETRY_DELAYS: [5, 30, 120, 600, 3600],
      WEBHOOK_ALLOW_PRIVATE_NETWORKS: false,
    });
  });

  it('treats an empty variable as unset (PORT= keeps 3000, DATABASE_URL= means embedded)', () => {
    const config = load({
      PORT: '',
      DATABASE_URL: '',
      SESSION_SECRET: '',
      SEED_DEMO: '',
      TRUST_PROXY: '',
    });
    expect(config.PORT).toBe(3000);
    expect(config.DATABASE_URL).toBeUndefined();
    expect(config.SESSION_SECRET).toBeUndefined();
    expect(config.SEED_DEMO).toBeUndefined();
  });

  it('parses numbers, booleans and URLs', () => {
    const config = load({
      PORT: '8080',
      SEED_DEMO: '1',
      DATABASE_URL: 'postgres://u:p@db:5432/convoza',
      SESSION_IDLE_MINUTES: '15',
    });
    expect(config).toMatchObject({
      PORT: 8080,
      SEED_DEMO: true,
      DATABASE_URL: 'postgres://u:p@db:5432/convoza',
      SESSION_IDLE_MINUTES: 15,
    });
    expect(load({ SEED_DEMO: '0' }).SEED_DEMO).toBe(false);
    expect(load({ SEED_DEMO: 'yes' }).SEED_DEMO).toBe(true);
  });

  it('reads .env for defaults but lets the real environment win', () => {
    const dir = mkdtempSync(join(tmpdir(), 'convoza-config-'));
    const dotEnv = join(dir, '.env');
    writeFileSync(dotEnv, '# comment\nPORT=4000\nLOG_LEVEL="warn"\nDATA_DIR=/var/lib/convoza\n');
    try {
      expect(load({ PORT: '5000' }, dotEnv)).toMatchObject({
        PORT: 5000,
        LOG_LEVEL: 'warn',
        DATA_DIR: '/var/lib/convoza',
      });
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});

describe('loadConfig refusals', () => {
  it('refuses production without SESSION_SECRET, or with one shorter than 32 characters', () => {
    expect(problem({ NODE_ENV: 'production' })).toMatch(
      /SESSION_SECRET: SESSION_SECRET of at least 32 characters is required in production/,
    );
    expect(problem({ NODE_ENV: 'production', SESSION_SECRET: 's'.repeat(31) })).toMatch(
      /SESSION_SECRET/,
    );
    expect(load({ NODE_ENV: 'production', SESSION_SECRET: SECRET_32 }).SESSION_SECRET).toBe(
      SECRET_32,
    );
    expect(load({ NODE_ENV: 'development' }).SESSION_SECRET).toBeUndefined();
  });

  it('names a bad PORT', () => {
    for (const port of ['abc', '70000', '-1', '3000.5'])
      expect(problem({ PORT: port }), port).toMatch(/^Invalid configuration:\n {2}PORT: /);
  });

  it('accepts smtp:// and smtps:// SMTP_URLs and names anything else', () => {
    expect(load({ SMTP_URL: 'smtps://user:p%40ss@mail.example.com:465' }).SMTP_URL).toBe(
      'smtps://user:p%40ss@mail.example.com:465',
    );
    expect(load({ SMTP_URL: 'smtp://127.0.0.1:2525' }).MAIL_FROM).toBe(
      'Convoza <hello@convoza.ai>',
    );
    for (const url of ['http://mail.example.com', 'mail.example.com:25'])
      expect(problem({ SMTP_URL: url }), url).toMatch(
        /SMTP_URL: SMTP_URL must look like smtp:\/\/user:pass@host:587/,
      );
  });

  it('reads WEBHOOK_RETRY_DELAYS as whole seconds and names a bad list', () => {
    expect(load({ WEBHOOK_RETRY_DELAYS: ' 1, 1 ' }).WEBHOOK_RETRY_DELAYS).toEqual([1, 1]);
    expect(load({ WEBHOOK_ALLOW_PRIVATE_NETWORKS: '1' }).WEBHOOK_ALLOW_PRIVATE_NETWORKS).toBe(true);
    for (const delays of ['5,,30', '5,abc', '1.5', '-1', '999999999'])
      expect(problem({ WEBHOOK_RETRY_DELAYS: delays }), delays).toMatch(
        /WEBHOOK_RETRY_DELAYS: WEBHOOK_RETRY_DELAYS must be up to 20 comma-separated whole seconds/,
      );
  });

  it('reads booking reminder offsets in minutes, and names a bad list', () => {
    expect(load({ BOOKING_REMINDER_OFFSETS: '2880, 30' }).BOOKING_REMINDER_OFFSETS).toEqual([
      2880, 30,
    ]);
    for (const offsets of ['60,,30', 'soon', '0', '1.5', '99999', '1,2,3,4,5,6'])
      expect(problem({ BOOKING_REMINDER_OFFSETS: offsets }), offsets).toMatch(
        /BOOKING_REMINDER_OFFSETS: BOOKING_REMINDER_OFFSETS must be up to 5 comma-separated whole minutes/,
      );
  });

  it('names every bad variable at once', () => {
    const message = problem({
      NODE_ENV: 'staging',
      DATABASE_URL: 'not a url',
      LOG_LEVEL: 'loud',
      SEED_DEMO: 'maybe',
      ADMIN_PASSWORD: 'short',
    });
    for (const name of ['NODE_ENV', 'DATABASE_URL', 'LOG_LEVEL', 'SEED_DEMO', 'ADMIN_PASSWORD'])
      expect(message).toContain(`${name}: `);
    expect(message).toContain('ADMIN_PASSWORD must be at least 8 characters');
  });
});

describe('TRUST_PROXY in production', () => {
  it('refuses true, which lets any client pick its own address, and says what to set instead', () => {
    for (const value of ['true', 'TRUE', ' true ']) {
      const message = problem({
        NODE_ENV: 'production',
        SESSION_SECRET: SECRET_32,
        TRUST_PROXY: value,
      });
      expect(message).toContain(
        'TRUST_PROXY: TRUST_PROXY=true lets any client choose its own address',
      );
      expect(message).toContain('number of proxies');
    }
  });

  it('accepts hop counts and subnets', () => {
    for (const value of ['1', '2', 'loopback', '10.0.0.0/8, 192.168.0.0/16']) {
      expect(
        load({ NODE_ENV: 'production', SESSION_SECRET: SECRET_32, TRUST_PROXY: value }).TRUST_PROXY,
      ).toBe(value);
    }
  });
});

describe('trustProxySetting', () => {
  it('maps TRUST_PROXY to Express values', () => {
    expect(trustProxySetting(undefined)).toBe(false);
    expect(trustProxySetting('false')).toBe(false);
    expect(trustProxySetting('true')).toBe(true);
    expect(trustProxySetting('1')).toBe(1);
    expect(trustProxySetting('loopback, 10.0.0.0/8')).toBe('loopback, 10.0.0.0/8');
  });
});

afterAll(() => rmSync(join(tmpdir(), 'convoza-no-such-dir'), { recursive: true, force: true }));
