import { describe, expect, it } from 'vitest';
import { PRIVACY_NOTICE_MAX, type TPrivacyNotice } from '../../shared/privacy.schema';
import { useSignedIn, useTestApp } from '../test/use-test-app';
import { FIRST_PRIVACY_NOTICE } from '../../shared/privacy.schema';

// The privacy notice's versions (GET|POST /api/privacy/notices), over both transports: the first
// version exists from the start, each publish adds the next, old ones stay as published.
const t = useTestApp();
const admin = useSignedIn(t, 'admin');

const sql = (query: string, params: unknown[] = []) =>
  t.db.orm.em.getConnection().execute(query, params);

describe('GET|POST /api/privacy/notices', () => {
  it('starts at version 1, publishes the next versions and keeps the old ones, audited', async () => {
    const first = await admin.rest<TPrivacyNotice[]>('GET', '/privacy/notices');
    expect(first.status).toBe(200);
    expect(first.body).toEqual([
      { version: 1, text: FIRST_PRIVACY_NOTICE, createdAt: expect.any(String), createdBy: null },
    ]);

    const published = await admin.rest<TPrivacyNotice>('POST', '/privacy/notices', {
      text: '  We keep your details for two years.  ',
    });
    expect(published.status).toBe(201);
    expect(published.body).toEqual({
      version: 2,
      text: 'We keep your details for two years.',
      createdAt: expect.any(String),
      createdBy: { id: admin.userId, username: expect.any(String) },
    });
    const third = await admin.trpc.admin.privacy.publishNotice.mutate({ text: 'Version three.' });
    expect(third.version).toBe(3);

    const all = await admin.trpc.admin.privacy.notices.query();
    expect(all.map((n) => [n.version, n.text])).toEqual([
      [3, 'Version three.'],
      [2, 'We keep your details for two years.'],
      [1, FIRST_PRIVACY_NOTICE],
    ]);
    expect((await admin.rest('GET', '/privacy/notices')).body).toEqual(all);
    const audit = await sql(
      `select action, entity_id from audit_log where entity_type = 'privacy_notice' order by id`,
    );
    expect(audit).toEqual([
      { action: 'create', entity_id: '2' },
      { action: 'create', entity_id: '3' },
    ]);
  });

  it('refuses blank, oversized or unstorable text with 400 naming it, and strangers with 401', async () => {
    for (const [body, field] of [
      [{ text: '   ' }, 'text'],
      [{}, 'text'],
      [{ text: 'x'.repeat(PRIVACY_NOTICE_MAX + 1) }, 'text'],
      [{ text: 'bad \u0000 byte' }, 'text'],
    ] as const) {
      const res = await admin.rest<{ data: { fieldErrors: Record<string, string> } }>(
        'POST',
        '/privacy/notices',
        body,
      );
      expect(res.status, JSON.stringify(body).slice(0, 40)).toBe(400);
      expect(Object.keys(res.body.data.fieldErrors)).toEqual([field]);
    }
    await expect(admin.trpc.admin.privacy.publishNotice.mutate({ text: '' })).rejects.toThrow(
      /text is required/,
    );
    const stranger = t.anonymous();
    expect((await stranger.rest('GET', '/privacy/notices')).status).toBe(401);
    expect((await stranger.rest('POST', '/privacy/notices', { text: 'Mine now' })).status).toBe(
      401,
    );
    expect((await admin.trpc.admin.privacy.notices.query()).map((n) => n.version)).toEqual([1]);
  });
});
