import { afterAll, beforeEach, describe, expect, it } from 'vitest';
import { startReceiver } from './test-receiver';
import { postWebhook } from './webhook-http';

// Redirects, hop by hop, against real HTTP servers: `a` on 127.0.0.1 and `b` on 127.0.0.2.
const a = await startReceiver('127.0.0.1');
const b = await startReceiver('127.0.0.2');
afterAll(() => Promise.all([a.close(), b.close()]));
beforeEach(() => {
  a.reset();
  b.reset();
});

const headers = { 'webhook-id': 'msg_1', 'webhook-timestamp': '1', 'webhook-signature': 'v1,x' };
const body = '{"type":"contact.created"}';
const open = { timeoutMs: 2000, allowPrivateNetworks: true };
// As if 127.0.0.1 were the public internet and everything else private.
const onlyA = {
  ...open,
  allowPrivateNetworks: false,
  isAllowedAddress: (ip: string) => ip === '127.0.0.1',
};

describe('postWebhook redirects', () => {
  it('follows a redirect with the same signed body and headers', async () => {
    a.answer({ redirect: b.url, status: 308 });
    const result = await postWebhook(a.url, body, headers, open);
    expect(result).toMatchObject({ ok: true, status: 200, error: null });
    expect(b.received).toHaveLength(1);
    expect(b.received[0]!.body).toBe(body);
    expect(b.received[0]!.headers['webhook-id']).toBe('msg_1');
  });

  it('checks every hop: a redirect from an allowed target to a private one is refused before connecting', async () => {
    a.answer({ redirect: b.url });
    const result = await postWebhook(a.url, body, headers, onlyA);
    expect(result.ok).toBe(false);
    expect(result.error).toMatch(/^127\.0\.0\.2 is a loopback, private or reserved address/);
    expect(a.received).toHaveLength(1);
    expect(b.received).toHaveLength(0);
  });

  it('checks hops that name a host too (resolved, then only allowed addresses are used)', async () => {
    a.answer({ redirect: `http://localhost:${b.port}/hook` });
    const result = await postWebhook(a.url, body, headers, {
      ...onlyA,
      isAllowedAddress: (ip) => ip === '127.0.0.1' && a.received.length === 0,
    });
    expect(result.error).toMatch(/^localhost \(.+\) is a loopback, private or reserved address/);
    expect(b.received).toHaveLength(0);
  });

  it('stops after three redirects, and refuses a redirect to anything but http(s)', async () => {
    a.answer(...Array.from({ length: 4 }, () => ({ redirect: a.url })));
    const loop = await postWebhook(a.url, body, headers, open);
    expect(loop).toMatchObject({ ok: false, status: 307, error: 'More than 3 redirects' });
    expect(a.received).toHaveLength(4);
    a.answer({ redirect: 'file:///etc/passwd' });
    const file = await postWebhook(a.url, body, headers, open);
    expect(file.error).toBe('Refused a redirect to file: (only http and https)');
  });

  it('reports a refused connection and a non-2xx with the start of the answer', async () => {
    const closed = await startReceiver();
    await closed.close();
    const refused = await postWebhook(closed.url, body, headers, open);
    expect(refused).toMatchObject({ ok: false, status: null });
    expect(refused.error).toMatch(/ECONNREFUSED/);
    a.answer(404);
    expect(await postWebhook(a.url, body, headers, open)).toMatchObject({
      ok: false,
      status: 404,
      error: 'HTTP 404: answer 404',
    });
  });
});
