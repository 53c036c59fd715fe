import { beforeEach, describe, expect, it } from 'vitest';
import type { TContact } from '../../shared/contacts.schema';
import {
  DEFAULT_SECURITY_SETTINGS,
  type TSecurityEventPage,
  type TSecuritySettings,
} from '../../shared/security.schema';
import { SUBMIT_THANKS } from '../contacts/contact-submit.service';
import { useSignedIn, useTestApp } from '../test/use-test-app';
import { backdatedFormToken, BROWSER_HEADERS } from './contact-form-test-support';

const t = useTestApp();
const admin = useSignedIn(t, 'admin');

const form = {
  name: 'Ada Lovelace',
  email: 'ada@example.com',
  company: 'Analytical Co',
  message: 'We would like to book a strategy call.',
};

async function submit(body: object, headers: Record<string, string> = BROWSER_HEADERS) {
  const res = await fetch(`${t.url}/api/contacts`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...headers },
    body: JSON.stringify(body),
  });
  return {
    status: res.status,
    body: (await res.json()) as { message: string; success?: boolean },
    headers: res.headers,
  };
}
const token = () => backdatedFormToken(t.db.em());
const settings = (patch: Partial<TSecuritySettings>) =>
  admin.rest('PUT', '/security/settings', { ...DEFAULT_SECURITY_SETTINGS, ...patch });
const contacts = async () => (await admin.rest<TContact[]>('GET', '/contacts')).body;
const events = async (query = '') =>
  (await admin.rest<TSecurityEventPage>('GET', `/security/events${query}`)).body.items;

describe('a clean submission', () => {
  it('is stored once and counted as clean', async () => {
    const res = await submit({ ...form, website: '', formToken: await token() });
    expect(res.status).toBe(200);
    expect(res.body.success).toBe(true);
    expect(await contacts()).toHaveLength(1);
    expect(await events()).toHaveLength(0);
    const stats = await admin.trpc.admin.security.stats.query({ period: '24h' });
    expect(stats).toMatchObject({
      cleanSubmissions: 1,
      blockedThreats: 0,
      cleanSubmissionsPercent: 100,
    });
  });

  it('works the way the website does it: fetch a token, wait the minimum fill time, post', async () => {
    await settings({ minFormFillTime: 1 });
    const issued = (await (await fetch(`${t.url}/api/contacts/form-token`)).json()) as {
      token: string;
      minFormFillTime: number;
    };
    expect(issued.minFormFillTime).toBe(1);
    const tooSoon = await submit({ ...form, formToken: issued.token });
    expect(tooSoon.status).toBe(400);
    expect(tooSoon.body.message).toMatch(/too quickly/);
    await new Promise((r) => setTimeout(r, 1100));
    expect((await submit({ ...form, formToken: issued.token })).status).toBe(200);
    expect(await contacts()).toHaveLength(1);
    expect((await events('?type=bot_detected'))[0]?.details).toMatch(/too fast/);
  });
});

describe('minimum fill time and form token (bot detection)', () => {
  beforeEach(() => settings({ rateLimitEnabled: false }));
  it('refuses a missing, malformed, forged or replayed token with a clear 400 and counts each', async () => {
    expect((await submit(form)).body.message).toMatch(/expired.*reload/);
    expect((await submit({ ...form, formToken: 'abc' })).status).toBe(400);
    const good = await token();
    const forged = good.replace(/.$/, (c) => (c === 'A' ? 'B' : 'A'));
    expect((await submit({ ...form, formToken: forged })).status).toBe(400);
    const futureForged = `${Date.now() - 60_000}.${good.split('.')[1]}.${good.split('.')[2]}`;
    expect((await submit({ ...form, formToken: futureForged })).status).toBe(400);

    expect((await submit({ ...form, formToken: good })).status).toBe(200);
    const replay = await submit({ ...form, formToken: good });
    expect(replay.status).toBe(400);
    expect(replay.body.message).toMatch(/already submitted/);
    expect(await contacts()).toHaveLength(1);
    // Five refusals from one network within a minute: one log entry that counts them all
    // (showing the latest reason), and all five in the tiles.
    const logged = await events('?type=bot_detected');
    expect(logged.map((e) => [e.count, e.details])).toEqual([[5, 'Form token replayed']]);
    const stats = await admin.trpc.admin.security.stats.query({ period: '24h' });
    expect(stats.botDetections).toBe(5);
  });

  it('lets only one of many parallel submissions with the same token through', async () => {
    const same = await token();
    const results = await Promise.all(
      Array.from({ length: 8 }, () => submit({ ...form, formToken: same })),
    );
    expect(results.filter((r) => r.status === 200)).toHaveLength(1);
    expect(results.filter((r) => r.status === 400)).toHaveLength(7);
    expect(await contacts()).toHaveLength(1);
  });

  it('refuses an expired token', async () => {
    const old = await backdatedFormToken(t.db.em(), 25 * 3600);
    expect((await submit({ ...form, formToken: old })).status).toBe(400);
    expect((await events())[0]?.details).toMatch(/expired/);
  });
});

describe('automation signatures (bot detection)', () => {
  const bots: [string, Record<string, string>][] = [
    [
      'headless Chrome',
      {
        'user-agent': 'Mozilla/5.0 (X11; Linux x86_64) HeadlessChrome/131.0 Safari/537.36',
        'accept-language': 'en',
      },
    ],
    ['curl', { 'user-agent': 'curl/8.5.0', 'accept-language': 'en' }],
    ['python requests', { 'user-agent': 'python-requests/2.32', 'accept-language': 'en' }],
    ['no user agent', { 'user-agent': '', 'accept-language': 'en' }],
    ['no Accept-Language', { 'user-agent': BROWSER_HEADERS['user-agent'] }],
    ["Node's fetch defaults", {}],
  ];
  it.each(bots)('refuses %s with 403 and logs bot_detected', async (_name, headers) => {
    const res = await submit({ ...form, formToken: await token() }, headers);
    expect(res.status).toBe(403);
    expect(res.body.message).toBe(
      'Automated submissions are not accepted. Please use the contact form on our website.',
    );
    expect(await contacts()).toHaveLength(0);
    const [event] = await events();
    expect(event).toMatchObject({ type: 'bot_detected' });
    expect(event!.userAgent).toBe(headers['user-agent'] ?? 'node');
  });

  it('lets automation through when bot detection is off (and then needs no token)', async () => {
    await settings({ botDetectionEnabled: false });
    expect((await submit(form, { 'user-agent': 'curl/8.5.0' })).status).toBe(200);
    expect(await contacts()).toHaveLength(1);
  });
});

describe('honeypot', () => {
  it('answers success to a filled website field, stores nothing and logs it', async () => {
    const res = await submit({ ...form, website: 'http://spam.example', formToken: await token() });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      success: true,
      message: 'Thank you! Our AI team will respond immediately.',
    });
    expect(await contacts()).toHaveLength(0);
    const [event] = await events('?type=honeypot_triggered');
    expect(event).toMatchObject({
      type: 'honeypot_triggered',
      severity: 'medium',
      ip: '127.0.0.1',
    });
    expect(event!.details).toContain('http://spam.example');
  });

  it('is ignored when switched off', async () => {
    await settings({ honeypotEnabled: false });
    expect((await submit({ ...form, website: 'x', formToken: await token() })).status).toBe(200);
    expect(await contacts()).toHaveLength(1);
  });
});

describe('suspicious content', () => {
  const spam: [string, object, RegExp][] = [
    [
      'link stuffing',
      { message: 'see http://a.example http://b.example www.c-site.com' },
      /Link stuffing/,
    ],
    ['a link in the name', { name: 'http://buy.example' }, /Link in the name/],
    [
      'spam phrases',
      { message: 'We offer SEO services to get you on the first page of Google.' },
      /Spam phrase/,
    ],
    ['gibberish', { message: 'xkcdqwrtzpl mnbvcxzlkj qwrtypsdfg' }, /Gibberish/],
  ];
  it.each(spam)(
    'quarantines %s (the visitor hears the usual thanks) and logs suspicious_submission',
    async (_name, patch, reason) => {
      const res = await submit({ ...form, ...patch, formToken: await token() });
      expect(res.status).toBe(200);
      expect(res.body).toEqual({ success: true, message: SUBMIT_THANKS });
      expect(await contacts()).toHaveLength(0);
      expect((await events())[0]).toMatchObject({ type: 'suspicious_submission' });
      const [held] = (await admin.rest<{ items: { reason: string }[] }>('GET', '/quarantine')).body
        .items;
      expect(held?.reason).toMatch(reason);
    },
  );

  it('accepts the same text when filtering is off, and ordinary messages with a link or two', async () => {
    expect(
      (
        await submit({
          ...form,
          message: 'Our site is https://acme.example, see also https://acme.example/about',
          formToken: await token(),
        })
      ).status,
    ).toBe(200);
    await settings({ suspiciousContentFiltering: false });
    expect(
      (await submit({ ...form, message: 'casino casino', formToken: await token() })).status,
    ).toBe(200);
    expect(await contacts()).toHaveLength(2);
  });
});
