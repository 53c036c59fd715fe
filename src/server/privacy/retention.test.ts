import { describe, expect, it } from 'vitest';
import type {
  TErasureLedgerPage,
  TPrivacySettings,
  TRetentionPreview,
  TRetentionRun,
} from '../../shared/privacy.schema';
import { expectAdminOnly } from '../test/expect-admin-only';
import { useSignedIn, useTestApp } from '../test/use-test-app';
import { nightlyRetention } from './retention.service';

// Retention that runs itself (GET|PUT /api/privacy/settings, GET /api/privacy/retention/preview,
// POST /api/privacy/retention/run, and the nightly maintenance task): leads never converted and
// untouched for the set number of days are erased as a person's request is, with the ledger.
const t = useTestApp();
const admin = useSignedIn(t, 'admin');

const sql = <T = Record<string, unknown>>(query: string, params: unknown[] = []) =>
  t.db.em().getConnection().execute<T[]>(query, params);

type FieldErrors = { data: { fieldErrors: Record<string, string> } };

/** A contact last changed `daysAgo` days ago. */
async function contact(email: string, daysAgo: number, status = 'new') {
  const [row] = await sql<{ id: number }>(
    `insert into contacts (name, email, source, status, created_at, updated_at)
     values ('Lead', ?, 'api', ?, now() - make_interval(days => ?), now() - make_interval(days => ?))
     returning id`,
    [email, status, daysAgo, daysAgo],
  );
  return row!.id;
}

/**
 * Stale: two contacts of one address, one of another; kept: converted, recent, noted lately, with
 * an open task due later.
 */
async function leads() {
  await contact('stale@example.com', 200);
  await contact('STALE@example.com', 120);
  await contact('old@example.com', 95);
  await contact('customer@example.com', 400, 'converted');
  await contact('recent@example.com', 10);
  const noted = await contact('noted@example.com', 300);
  await sql(
    `insert into contact_activities (contact_id, type, at, data) values (?, 'note', now() - interval '5 days', '{"body":"x"}')`,
    [noted],
  );
  // "Follow up in two months", set long ago: its open task is due after the cutoff.
  const later = await contact('follow-up@example.com', 200);
  await sql(
    `insert into tasks (title, due_at, assignee_id, contact_id, created_at)
     values ('Follow up', now() + interval '60 days', ?, ?, now() - interval '200 days')`,
    [admin.userId, later],
  );
  // Was converted once, then moved back: never erased by the rule.
  const was = await contact('was-customer@example.com', 300, 'qualified');
  await sql(
    `insert into contact_activities (contact_id, type, at, data)
     values (?, 'status_changed', now() - interval '250 days', '{"from":"converted","to":"converted"}')`,
    [was],
  );
}

describe('retention', () => {
  it('is off until set, and takes 30 to 3650 days or null, naming the field otherwise', async () => {
    const off = await admin.rest<TPrivacySettings>('GET', '/privacy/settings');
    expect(off.body).toEqual({ retention: { unconvertedLeadDays: null } });
    for (const days of [29, 3651, 90.5, '90', 0]) {
      const res = await admin.rest<FieldErrors>('PUT', '/privacy/settings', {
        retention: { unconvertedLeadDays: days },
      });
      expect(res.status, String(days)).toBe(400);
      expect(res.body.data.fieldErrors['retention.unconvertedLeadDays']).toMatch(
        /from 30 to 3650, or null/,
      );
    }
    const set = await admin.rest<TPrivacySettings>('PUT', '/privacy/settings', {
      retention: { unconvertedLeadDays: 90 },
    });
    expect(set.status).toBe(200);
    expect(set.body).toEqual({ retention: { unconvertedLeadDays: 90 } });
    expect(await admin.trpc.admin.privacy.settings.query()).toEqual(set.body);
    await admin.trpc.admin.privacy.updateSettings.mutate({
      retention: { unconvertedLeadDays: null },
    });
    expect((await admin.rest('GET', '/privacy/settings')).body).toEqual(off.body);
    const audited = await sql(
      `select action, entity_type from audit_log where entity_type = 'privacy_settings'`,
    );
    expect(audited).toHaveLength(2);
    await expectAdminOnly(t, await t.signedIn('user'), [
      ['GET', '/privacy/settings'],
      ['PUT', '/privacy/settings', { retention: { unconvertedLeadDays: 90 } }],
      ['GET', '/privacy/retention/preview'],
      ['POST', '/privacy/retention/run'],
    ]);
  });

  it('previews, then erases the stale leads by address, each in the ledger, keeping the rest', async () => {
    await leads();
    const none = await admin.rest<TRetentionPreview>('GET', '/privacy/retention/preview');
    expect(none.body).toEqual({
      unconvertedLeadDays: null,
      cutoff: null,
      contacts: 0,
      addresses: 0,
    });
    expect((await admin.rest<TRetentionRun>('POST', '/privacy/retention/run')).body.addresses).toBe(
      0,
    );

    await admin.rest('PUT', '/privacy/settings', { retention: { unconvertedLeadDays: 90 } });
    const preview = await admin.rest<TRetentionPreview>('GET', '/privacy/retention/preview');
    expect(preview.body).toMatchObject({ unconvertedLeadDays: 90, contacts: 3, addresses: 2 });
    expect(await admin.trpc.admin.privacy.retentionPreview.query()).toMatchObject({ contacts: 3 });

    const run = await admin.rest<TRetentionRun>('POST', '/privacy/retention/run');
    expect(run.status).toBe(200);
    expect(run.body).toMatchObject({ addresses: 2, counts: { contacts: 3 } });
    const left = await sql<{ email: string }>('select email from contacts order by email');
    expect(left.map((r) => r.email)).toEqual([
      'customer@example.com',
      'follow-up@example.com',
      'noted@example.com',
      'recent@example.com',
      'was-customer@example.com',
    ]);
    const ledger = await admin.rest<TErasureLedgerPage>('GET', '/privacy/erasures');
    expect(ledger.body.items).toHaveLength(1);
    expect(ledger.body.items[0]).toMatchObject({
      trigger: 'retention',
      reason: 'Retention: leads never converted and untouched for 90 days',
      counts: { contacts: 3 },
    });
    expect(ledger.body.items[0]!.addressHashes.sort()).toEqual(
      ['old@example.com', 'stale@example.com'].map((a) => t.deps.privacy.ledger.hash(a)).sort(),
    );
    // Audited: each run by whom (the first found nothing), and the batch it erased.
    expect(
      await sql(`select entity_type, entity_id from audit_log where action = 'erase' order by id`),
    ).toEqual([
      { entity_type: 'person', entity_id: null },
      { entity_type: 'person', entity_id: String(ledger.body.items[0]!.id) },
      { entity_type: 'person', entity_id: null },
    ]);
    // Nothing is left to do: tRPC's run finds nothing.
    expect(await admin.trpc.admin.privacy.runRetention.mutate()).toMatchObject({ addresses: 0 });
  });

  it('runs nightly after 02:00 in the company time zone, once a day across instances', async () => {
    await leads();
    await admin.rest('PUT', '/privacy/settings', { retention: { unconvertedLeadDays: 90 } });
    const deps = t.deps.privacy;
    const em = () => t.db.em();
    // 01:30 UTC (the default zone): not yet.
    expect(await nightlyRetention(em(), deps, new Date('2026-11-28T01:30:00Z'))).toBe(0);
    expect(await sql('select id from contacts')).toHaveLength(8);
    const [a, b] = await Promise.all([
      nightlyRetention(em(), deps, new Date('2026-11-28T02:10:00Z')),
      nightlyRetention(em(), deps, new Date('2026-11-28T02:10:00Z')),
    ]);
    expect([a, b].sort()).toEqual([0, 2]);
    expect(await sql('select id from contacts')).toHaveLength(5);
    await contact('later@example.com', 100);
    expect(await nightlyRetention(em(), deps, new Date('2026-11-28T23:00:00Z'))).toBe(0);
    expect(await nightlyRetention(em(), deps, new Date('2026-11-29T02:00:00Z'))).toBe(1);
  });
});
