// The form's bot checks are not cheap to pass (attack finding 5): tokens are rationed per client
// network and bound to it, crawlers that look like browsers are recognised, and spam hidden with
// invisible, full-width or look-alike characters is still spam.
import { beforeEach, describe, expect, it } from 'vitest';
import { DEFAULT_SECURITY_SETTINGS } from '../../shared/security.schema';
import { useSignedIn, useTestApp } from '../test/use-test-app';
import { detectBot } from './bot-detection';
import { FORM_TOKEN_LIMIT } from './form-token.service';
import { checkContent } from './suspicious-content';
import { backdatedFormToken, BROWSER_HEADERS } from './contact-form-test-support';

// Behind a trusted proxy, so each test can come from the client addresses it needs.
const t = useTestApp({ app: { trustProxy: 'loopback' } });
const admin = useSignedIn(t, 'admin');
beforeEach(async () => {
  await admin.rest('PUT', '/security/settings', {
    ...DEFAULT_SECURITY_SETTINGS,
    maxSubmissionsPerHour: 100,
  });
});

const form = { name: 'Ada Lovelace', email: 'ada@example.com', message: 'Please call me back.' };

async function submit(
  from: string,
  body: object,
  userAgent: string = BROWSER_HEADERS['user-agent'],
) {
  const res = await fetch(`${t.url}/api/contacts`, {
    method: 'POST',
    headers: {
      ...BROWSER_HEADERS,
      'user-agent': userAgent,
      'content-type': 'application/json',
      'x-forwarded-for': from,
    },
    body: JSON.stringify(body),
  });
  return { status: res.status, body: (await res.json()) as { message: string } };
}

const fetchToken = (from: string) =>
  fetch(`${t.url}/api/contacts/form-token`, {
    headers: { ...BROWSER_HEADERS, 'x-forwarded-for': from },
  });

describe('form tokens', () => {
  it('are worth nothing from another network, but survive an IPv6 privacy-address change', async () => {
    const token = await backdatedFormToken(t.db.em(), 10, '203.0.113.7');
    const elsewhere = await submit('198.51.100.1', { ...form, formToken: token });
    expect(elsewhere.status).toBe(400);
    expect(elsewhere.body.message).toMatch(/form session has expired/);
    expect((await submit('203.0.113.7', { ...form, formToken: token })).status).toBe(200);

    const v6 = await backdatedFormToken(t.db.em(), 10, '2001:db8:1:2::1');
    expect(
      (await submit('2001:db8:1:2:abcd::99', { ...form, email: 'b@example.com', formToken: v6 }))
        .status,
    ).toBe(200);
    const otherV6 = await backdatedFormToken(t.db.em(), 10, '2001:db8:1:2::1');
    expect(
      (await submit('2001:db8:1:3::1', { ...form, email: 'c@example.com', formToken: otherV6 }))
        .status,
    ).toBe(400);
  });

  it(`are rationed: ${FORM_TOKEN_LIMIT.perNetwork} per network per 10 minutes, then 429 with Retry-After`, async () => {
    for (let i = 0; i < FORM_TOKEN_LIMIT.perNetwork; i++)
      expect((await fetchToken('203.0.113.8')).status).toBe(200);
    const refused = await fetchToken('203.0.113.8');
    expect(refused.status).toBe(429);
    const body = (await refused.json()) as { message: string };
    expect(body.message).toMatch(
      /^Too many contact form loads from your network\. Please try again in about \d+ minutes?\.$/,
    );
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
    // Another network is not affected; tRPC is rationed the same way.
    expect((await fetchToken('203.0.113.9')).status).toBe(200);
    const viaTrpc = await fetch(`${t.url}/trpc/public.contact.formToken`, {
      headers: { 'x-forwarded-for': '203.0.113.8' },
    });
    expect(viaTrpc.status).toBe(429);
    expect(viaTrpc.headers.get('retry-after')).not.toBeNull();
    // The Security Center's rate-limit switch turns the rationing off with the other limits.
    await admin.rest('PUT', '/security/settings', {
      ...DEFAULT_SECURITY_SETTINGS,
      rateLimitEnabled: false,
    });
    expect((await fetchToken('203.0.113.8')).status).toBe(200);
  });

  it('issued by the API work for the network that fetched them', async () => {
    const { token, minFormFillTime } = (await (await fetchToken('203.0.113.10')).json()) as {
      token: string;
      minFormFillTime: number;
    };
    await admin.rest('PUT', '/security/settings', {
      ...DEFAULT_SECURITY_SETTINGS,
      maxSubmissionsPerHour: 100,
      minFormFillTime: 1,
    });
    expect(minFormFillTime).toBe(DEFAULT_SECURITY_SETTINGS.minFormFillTime);
    await new Promise((done) => setTimeout(done, 1100));
    expect((await submit('203.0.113.10', { ...form, formToken: token })).status).toBe(200);
  });
});

const REAL_BROWSERS = [
  'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36',
  'Mozilla/5.0 (Macintosh; Intel Mac OS X 14_5) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Safari/605.1.15',
  'Mozilla/5.0 (X11; Ubuntu; Linux x86_64; rv:133.0) Gecko/20100101 Firefox/133.0',
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1',
  'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Mobile Safari/537.36',
  'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36 Edg/131.0.0.0',
  'Mozilla/5.0 (Linux; Android 13; SAMSUNG SM-S918B) AppleWebKit/537.36 (KHTML, like Gecko) SamsungBrowser/25.0 Chrome/121.0.0.0 Mobile Safari/537.36',
  'Mozilla/5.0 (Linux; Android 10; CUBOT X30) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0.0.0 Mobile Safari/537.36',
  'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36 OPR/115.0.0.0',
];
const CRAWLERS = [
  'Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)',
  'Mozilla/5.0 AppleWebKit/537.36 (KHTML, like Gecko; compatible; Googlebot/2.1; +http://www.google.com/bot.html) Chrome/131.0.0.0 Safari/537.36',
  'Mozilla/5.0 (compatible; bingbot/2.0; +http://www.bing.com/bingbot.htm)',
  'Mozilla/5.0 (compatible; Yahoo! Slurp; http://help.yahoo.com/help/us/ysearch/slurp)',
  'DuckDuckBot/1.1; (+http://duckduckgo.com/duckduckbot.html)',
  'Mozilla/5.0 (compatible; Baiduspider/2.0; +http://www.baidu.com/search/spider.html)',
  'Mozilla/5.0 (compatible; YandexBot/3.0; +http://yandex.com/bots)',
  'facebookexternalhit/1.1 (+http://www.facebook.com/externalhit_uatext.php)',
  'Mozilla/5.0 (compatible; AhrefsBot/7.0; +http://ahrefs.com/robot/)',
  'Mozilla/5.0 (compatible; SemrushBot/7~bl; +http://www.semrush.com/bot.html)',
  'Mozilla/5.0 (compatible; MJ12bot/v1.4.8; http://mj12bot.com/)',
  'Mozilla/5.0 (Linux; Android 7.0;) AppleWebKit/537.36 (KHTML, like Gecko) Mobile Safari/537.36 (compatible; PetalBot;+https://webmaster.petalsearch.com/site/petalbot)',
  'Mozilla/5.0 AppleWebKit/537.36 (KHTML, like Gecko; compatible; GPTBot/1.1; +https://openai.com/gptbot)',
  'Mozilla/5.0 AppleWebKit/537.36 (KHTML, like Gecko; compatible; ClaudeBot/1.0; +claudebot@anthropic.com)',
  'CCBot/2.0 (https://commoncrawl.org/faq/)',
  'Mozilla/5.0 (Linux; Android 5.0) AppleWebKit/537.36 (KHTML, like Gecko) Mobile Safari/537.36 (compatible; Bytespider; spider-feedback@bytedance.com)',
  'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_5) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/13.1.1 Safari/605.1.15 (Applebot/0.1; +http://www.apple.com/go/applebot)',
  'Mozilla/5.0 (compatible; Some-New-Crawler/1.0)',
];

describe('crawler signatures', () => {
  it.each(CRAWLERS)('refuses %s', (userAgent) => {
    expect(detectBot({ userAgent, acceptLanguage: 'en' })).toMatchObject({
      details: 'Crawler user agent',
    });
  });

  it.each(REAL_BROWSERS)('lets a person through: %s', (userAgent) => {
    expect(detectBot({ userAgent, acceptLanguage: 'en-US,en;q=0.9' })).toBeNull();
  });

  it('refuses Googlebot at the door with 403', async () => {
    const token = await backdatedFormToken(t.db.em(), 10, '203.0.113.11');
    const res = await submit('203.0.113.11', { ...form, formToken: token }, CRAWLERS[0]);
    expect(res.status).toBe(403);
    expect(res.body.message).toBe(
      'Automated submissions are not accepted. Please use the contact form on our website.',
    );
  });
});

describe('content checks see through disguises', () => {
  const disguised = [
    ['zero-width characters', 'c\u200Ba\u200Bs\u200Bi\u200Bn\u200Bo bonus today'],
    ['Cyrillic look-alikes', 'саsinо bonus today'],
    ['full-width letters', 'ｃａｓｉｎｏ bonus today'],
    ['soft hyphens', 'ca\u00ADsi\u00ADno bonus today'],
    ['mixed', 'Ｂｕｙ ｎ\u200Bоw at our online pharmacy'],
  ] as const;

  it.each(disguised)('catches a spam phrase hidden with %s', (_how, message) => {
    expect(checkContent({ name: 'Ada', message })).toMatchObject({ severity: 'medium' });
  });

  it('counts full-width and zero-width links as links', () => {
    const message = 'ｗｗｗ．one．com ww\u200Bw.two.com www.three.com';
    expect(checkContent({ name: 'Ada', message })?.details).toBe('Link stuffing: 3 links');
    expect(checkContent({ name: 'ｗｗｗ．spam．com', message: 'hi there' })?.details).toBe(
      'Link in the name or company field',
    );
  });

  it('leaves honest non-Latin and accented text alone', () => {
    for (const message of [
      'Привет, нам нужен звонок',
      'Café crème, s’il vous plaît',
      'Grüße aus München',
      '我们需要外呼服务',
    ])
      expect(checkContent({ name: 'Zoë', message })).toBeNull();
  });

  it('quarantines the disguised phrase over REST, and stores what the visitor typed when clean', async () => {
    const token = await backdatedFormToken(t.db.em(), 10, '203.0.113.12');
    const res = await submit('203.0.113.12', {
      ...form,
      message: 'ｃａｓｉｎｏ bonus today',
      formToken: token,
    });
    expect(res.status).toBe(200);
    expect((await admin.rest<unknown[]>('GET', '/contacts')).body).toEqual([]);
    expect((await admin.rest<{ items: unknown[] }>('GET', '/quarantine')).body.items).toHaveLength(
      1,
    );
    const clean = await backdatedFormToken(t.db.em(), 10, '203.0.113.12');
    const typed = 'Ｈｅｌｌｏ, please call me';
    expect(
      (await submit('203.0.113.12', { ...form, message: typed, formToken: clean })).status,
    ).toBe(200);
    const [stored] = (await admin.rest<{ message: string }[]>('GET', '/contacts')).body;
    expect(stored?.message).toBe(typed);
  });
});
