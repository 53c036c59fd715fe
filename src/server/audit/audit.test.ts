// The audit log: what each audited write records (actor, action, entity, before -> after, IP,
// user agent), that no secret ever lands in it, and the API (filters, cursor, CSV) over both
// transports, plus retention.
import { generate } from 'otplib';
import { beforeEach, describe, expect, it } from 'vitest';
import type { TAuditEntry, TAuditPage } from '../../shared/audit.schema';
import { DEFAULT_NOTIFICATION_SETTINGS } from '../../shared/notifications.schema';
import { relaxContactProtections } from '../form-guard/contact-form-test-support';
import { TEST_PASSWORD } from '../test-app';
import { AUDIT_ACTIONS, AUDIT_ENTITY_TYPES } from '../../shared/audit.schema';
import { appRouter } from '../app-router';
import { useSignedIn, useTestApp } from '../test/use-test-app';
import { runMaintenance } from '../db/maintenance';
import { maintenanceTasks } from '../features';
import { SECURITY_FORM_DEFAULTS } from '../test/security-settings-form';

const t = useTestApp();
const admin = useSignedIn(t, 'admin', 'auditor');
beforeEach(() => relaxContactProtections(t.db.em()));

const sql = <T = Record<string, unknown>>(text: string, params: unknown[] = []) =>
  t.db.em().getConnection().execute<T[]>(text, params);

async function latest(): Promise<TAuditEntry> {
  const page = await admin.rest<TAuditPage>('GET', '/audit-log?limit=1');
  expect(page.status).toBe(200);
  return page.body.items[0]!;
}

async function newContact(name = 'Maya Patel'): Promise<number> {
  const [row] = await sql<{ id: number }>(
    `insert into contacts (name, email) values (?, 'maya@northwind.test') returning id`,
    [name],
  );
  return row!.id;
}

const by = () => ({ id: admin.userId, username: 'auditor' });

describe('what each write records', () => {
  it('contact status change: from -> to, by whom, from where', async () => {
    const id = await newContact();
    await admin.rest('PATCH', `/contacts/${id}/status`, { status: 'qualified' });
    const entry = await latest();
    expect(entry).toMatchObject({
      actor: by(),
      action: 'update_status',
      entityType: 'contact',
      entityId: String(id),
      changes: { status: { from: 'new', to: 'qualified' } },
      ip: '127.0.0.1',
    });
    expect(entry.userAgent).toBeTruthy();
    expect(entry.at).toBe(new Date(entry.at).toISOString());
  });

  it('contact owner, note, bulk action, delete and delete all', async () => {
    const id = await newContact();
    await admin.rest('PATCH', `/contacts/${id}/owner`, { ownerId: admin.userId });
    expect(await latest()).toMatchObject({
      action: 'set_owner',
      entityId: String(id),
      changes: { owner: { to: admin.userId } },
    });
    await admin.rest('POST', `/contacts/${id}/notes`, { body: 'Called' });
    expect(await latest()).toMatchObject({
      action: 'add_note',
      entityType: 'contact',
      entityId: String(id),
    });
    await admin.rest('POST', '/contacts/bulk', {
      filter: { status: 'new' },
      action: 'set_status',
      status: 'contacted',
    });
    expect(await latest()).toMatchObject({
      action: 'bulk',
      entityType: 'contact',
      changes: {
        action: { to: 'set_status' },
        status: { to: 'contacted' },
        filter: { to: { status: 'new' } },
      },
    });
    await admin.rest('DELETE', `/contacts/${id}`);
    expect(await latest()).toMatchObject({
      action: 'delete',
      entityType: 'contact',
      entityId: String(id),
    });
    await newContact();
    await admin.rest('DELETE', '/contacts/bulk/all');
    expect(await latest()).toMatchObject({ action: 'delete_all', entityType: 'contact' });
  });

  it('CSV import records the size, not the file', async () => {
    await admin.rest('POST', '/contacts/import/csv', { csvData: 'name,email\nAda,ada@x.io\n' });
    const entry = await latest();
    expect(entry).toMatchObject({ action: 'import', entityType: 'contact' });
    expect(JSON.stringify(entry.changes)).toContain('Ada');
  });

  it('users: create (no password), update (before -> after, new password redacted), delete', async () => {
    const created = await admin.rest<{ id: number }>('POST', '/users', {
      username: 'newbie',
      password: 'Sup3r-secret-pass',
      email: 'newbie@example.com',
      role: 'user',
    });
    expect(await latest()).toMatchObject({
      action: 'create',
      entityType: 'user',
      entityId: String(created.body.id),
      changes: { username: { to: 'newbie' }, role: { to: 'user' } },
    });
    await admin.rest('PATCH', `/users/${created.body.id}`, {
      username: 'newbie',
      email: 'renamed@example.com',
      newPassword: 'An0ther-secret-pass',
    });
    const update = await latest();
    expect(update).toMatchObject({
      action: 'update',
      entityType: 'user',
      changes: { email: { from: 'newbie@example.com', to: 'renamed@example.com' } },
    });
    expect(JSON.stringify(update)).not.toContain('An0ther-secret-pass');
    await admin.rest('DELETE', `/users/${created.body.id}`);
    expect(await latest()).toMatchObject({
      action: 'delete',
      entityType: 'user',
      entityId: String(created.body.id),
    });
  });

  it('campaigns (create, update before -> after, delete) and service inquiries (create, update)', async () => {
    const campaign = await admin.rest<{ id: number }>('POST', '/campaigns', {
      name: 'Spring',
      type: 'email',
    });
    expect(await latest()).toMatchObject({
      action: 'create',
      entityType: 'campaign',
      entityId: String(campaign.body.id),
    });
    await admin.rest('PATCH', `/campaigns/${campaign.body.id}`, { name: 'Summer', type: 'email' });
    expect(await latest()).toMatchObject({
      action: 'update',
      changes: { name: { from: 'Spring', to: 'Summer' } },
    });
    await admin.rest('DELETE', `/campaigns/${campaign.body.id}`);
    expect(await latest()).toMatchObject({ action: 'delete', entityType: 'campaign' });

    const contactId = await newContact();
    const inquiry = await admin.rest<{ id: number }>('POST', '/service-inquiries', {
      contactId,
      serviceType: 'voice_agent',
    });
    expect(await latest()).toMatchObject({
      action: 'create',
      entityType: 'service_inquiry',
      entityId: String(inquiry.body.id),
    });
    // (An inquiry has no status: `{ status }` is now refused as an unknown field, not audited.)
    const refused = await admin.rest('PATCH', `/service-inquiries/${inquiry.body.id}`, {
      status: 'in_progress',
    });
    expect(refused.status).toBe(400);
    await admin.rest('PATCH', `/service-inquiries/${inquiry.body.id}`, { priority: 'high' });
    expect(await latest()).toMatchObject({
      action: 'update',
      entityType: 'service_inquiry',
      changes: { priority: { from: 'medium', to: 'high' } },
    });
  });

  it('settings: security (the form secret never), notifications, lead routing', async () => {
    await admin.rest('PUT', '/security/settings', {
      rateLimitEnabled: true,
      honeypotEnabled: true,
      botDetectionEnabled: true,
      suspiciousContentFiltering: true,
      maxSubmissionsPerHour: 7,
      minFormFillTime: 3,
    });
    expect(await latest()).toMatchObject({
      action: 'update_settings',
      entityType: 'security_settings',
      changes: {
        maxSubmissionsPerHour: { from: 100, to: 7 },
        botDetectionEnabled: { from: false, to: true },
      },
    });
    const [{ form_secret: formSecret }] = (await sql<{ form_secret: string }>(
      'select form_secret from security_settings',
    )) as [{ form_secret: string }];
    expect(JSON.stringify(await sql('select * from audit_log'))).not.toContain(formSecret);

    const notifications = await admin.rest('PUT', '/notifications/settings', {
      ...DEFAULT_NOTIFICATION_SETTINGS,
      alertRecipients: ['sales@example.com'],
    });
    expect(notifications.status).toBe(200);
    expect(await latest()).toMatchObject({
      action: 'update_settings',
      entityType: 'notification_settings',
      changes: { alertRecipients: { to: ['sales@example.com'] } },
    });

    await admin.rest('PUT', '/lead-routing', { userIds: [admin.userId] });
    expect(await latest()).toMatchObject({ action: 'update', entityType: 'lead_routing' });
  });

  it('webhooks and integration keys: their secrets never appear', async () => {
    const hook = await admin.rest<{ id: number; secret: string }>('POST', '/webhooks', {
      url: 'https://hooks.example.com/in',
      events: ['contact.created'],
    });
    expect(hook.status).toBe(200);
    expect(await latest()).toMatchObject({
      action: 'create',
      entityType: 'webhook',
      entityId: String(hook.body.id),
    });
    await admin.rest('PATCH', `/webhooks/${hook.body.id}`, { enabled: false });
    expect(await latest()).toMatchObject({
      action: 'update',
      changes: { enabled: { from: true, to: false } },
    });
    const key = await admin.rest<{ id: number; key: string }>('POST', '/integration-keys', {
      name: 'Zapier',
    });
    expect(await latest()).toMatchObject({
      action: 'create',
      entityType: 'integration_key',
      entityId: String(key.body.id),
    });
    await admin.rest('DELETE', `/integration-keys/${key.body.id}`);
    expect(await latest()).toMatchObject({ action: 'delete', entityType: 'integration_key' });
    const log = JSON.stringify(await sql('select * from audit_log'));
    expect(log).not.toContain(hook.body.secret);
    expect(log).not.toContain(hook.body.secret.replace('whsec_', ''));
    expect(log).not.toContain(key.body.key);
  });

  it('sign-in, failed sign-in (the username tried, never the password) and sign-out', async () => {
    const anon = t.anonymous();
    await anon.rest('POST', '/auth/login', { username: 'auditor', password: 'wrong-password-1' });
    expect(await latest()).toMatchObject({
      actor: { id: null, username: 'auditor' },
      action: 'login_failed',
      entityType: 'user',
    });
    await anon.rest('POST', '/auth/login', { username: 'auditor', password: TEST_PASSWORD });
    expect(await latest()).toMatchObject({
      actor: by(),
      action: 'login',
      entityId: String(admin.userId),
    });
    await anon.rest('POST', '/auth/logout');
    expect(await latest()).toMatchObject({ actor: by(), action: 'logout' });
    const log = JSON.stringify(await sql('select * from audit_log'));
    expect(log).not.toContain('wrong-password-1');
    expect(log).not.toContain(TEST_PASSWORD);
    expect(log).not.toContain('Sup3r-secret-pass');
  });

  it('2FA changes and session revocations, with codes and keys redacted', async () => {
    const setup = await admin.rest<{ secret: string }>('POST', '/auth/2fa/setup', {
      password: TEST_PASSWORD,
    });
    expect(await latest()).toMatchObject({ action: 'two_factor_setup', entityType: 'user' });
    const code = await generate({
      secret: setup.body.secret,
      epoch: Math.floor(Date.now() / 1000) - 30,
    });
    const enabled = await admin.rest<{ recoveryCodes: string[] }>('POST', '/auth/2fa/enable', {
      code,
    });
    expect(enabled.status).toBe(200);
    const entry = await latest();
    expect(entry).toMatchObject({
      action: 'two_factor_enable',
      entityType: 'user',
      entityId: String(admin.userId),
    });
    const other = t.anonymous();
    await other.rest('POST', '/auth/login', { username: 'auditor', password: TEST_PASSWORD });
    await other.rest('POST', '/auth/login/2fa', { recoveryCode: enabled.body.recoveryCodes[0] });
    expect(await latest()).toMatchObject({
      action: 'login',
      changes: { secondFactor: { to: 'recovery_code' } },
    });
    await admin.rest('POST', '/auth/sessions/revoke-others');
    expect(await latest()).toMatchObject({ action: 'revoke_other_sessions', entityType: 'user' });
    const log = JSON.stringify(await sql('select * from audit_log'));
    expect(log).not.toContain(setup.body.secret);
    expect(log).not.toContain(`"${code}"`);
    for (const c of enabled.body.recoveryCodes) expect(log).not.toContain(c);
  });

  it('quarantine release and delete', async () => {
    const held = async (email: string) => {
      const [row] = await sql<{ id: number }>(
        `insert into quarantined_submissions (reason, payload, source, expires_at)
         values ('Spam phrase', ?, 'website', now() + interval '1 day') returning id`,
        [
          JSON.stringify({
            name: 'Sam',
            email,
            message: 'hi',
            company: null,
            phone: null,
            source: null,
          }),
        ],
      );
      return row!.id;
    };
    const a = await held('a@spam.test');
    await admin.rest('POST', `/quarantine/${a}/release`);
    expect(await latest()).toMatchObject({
      action: 'release',
      entityType: 'quarantine',
      entityId: String(a),
    });
    const b = await held('b@spam.test');
    await admin.rest('DELETE', `/quarantine/${b}`);
    expect(await latest()).toMatchObject({
      action: 'delete',
      entityType: 'quarantine',
      entityId: String(b),
    });
  });

  it("files a visitor's lead from its events: created and routed, no actor, from where", async () => {
    const rep = (await t.signedIn('admin')).userId;
    await admin.rest('PUT', '/lead-routing', { userIds: [rep] });
    const res = await t.anonymous().rest<{ id?: number }>('POST', '/contacts', {
      name: 'Visitor Lead',
      email: 'visitor@example.com',
      message: 'Please call me about outbound calling',
    });
    expect(res.status).toBe(200);
    const [contact] = await sql<{ id: number }>(
      "select id from contacts where email = 'visitor@example.com'",
    );
    const entries = await sql<Record<string, unknown>>(
      "select action, actor_id, entity_id, changes, ip from audit_log where entity_type = 'contact' and entity_id = ? order by id",
      [String(contact!.id)],
    );
    expect(entries).toEqual([
      {
        action: 'create',
        actor_id: null,
        entity_id: String(contact!.id),
        changes: { source: { to: 'website' } },
        ip: '127.0.0.1',
      },
      {
        action: 'set_owner',
        actor_id: null,
        entity_id: String(contact!.id),
        changes: { owner: { from: null, to: rep }, reason: { to: 'round_robin' } },
        ip: '127.0.0.1',
      },
    ]);
  });

  it('files one entry for a signed-in write its event filed already', async () => {
    const id = await newContact();
    await admin.rest('PATCH', `/contacts/${id}/status`, { status: 'contacted' });
    const entries = await sql(
      "select action from audit_log where entity_type = 'contact' and entity_id = ?",
      [String(id)],
    );
    expect(entries).toEqual([{ action: 'update_status' }]);
  });

  it('records nothing for a refused write or a read', async () => {
    const before = (await sql('select id from audit_log')).length;
    await admin.rest('PATCH', '/contacts/999999/status', { status: 'new' });
    await admin.rest('GET', '/contacts/search');
    expect((await sql('select id from audit_log')).length).toBe(before);
  });

  it("writes the entry in the change's transaction: when it cannot be written, the change is undone", async () => {
    const campaign = await admin.rest<{ id: number }>('POST', '/campaigns', {
      name: 'Spring',
      type: 'email',
    });
    // The audit store refuses every entry for a moment.
    await sql(
      `create function refuse_audit() returns trigger language plpgsql as $$ begin raise exception 'audit store down'; end $$`,
    );
    await sql(
      `create trigger refuse_audit before insert on audit_log for each row execute function refuse_audit()`,
    );
    try {
      const res = await admin.rest('PATCH', `/campaigns/${campaign.body.id}`, { name: 'Summer' });
      expect(res.status).toBe(500);
      await expect(
        admin.trpc.admin.campaigns.update.mutate({ id: campaign.body.id, name: 'Autumn' }),
      ).rejects.toMatchObject({ data: { httpStatus: 500 } });
    } finally {
      await sql('drop trigger refuse_audit on audit_log');
      await sql('drop function refuse_audit');
    }
    const [row] = await sql<{ name: string }>('select name from campaigns where id = ?', [
      campaign.body.id,
    ]);
    expect(row!.name).toBe('Spring');
  });

  it('every signed-in write names its audit action (a typed list, not the procedure name)', () => {
    const procedures = appRouter._def.procedures as unknown as Record<
      string,
      { _def: { type: string; meta?: { audit?: { action: string; entity: string } } } }
    >;
    const PUBLIC_WRITES = [
      'public.contact.submit',
      'public.booking.create',
      'public.booking.reschedule',
      'public.booking.cancel',
      'auth.login',
      'auth.loginSecondFactor',
      'auth.logout',
      // Signed out by nature; the confirmation files 'reset_password' itself.
      'auth.requestPasswordReset',
      'auth.confirmPasswordReset',
    ];
    const missing = Object.entries(procedures)
      .filter(([path, p]) => p._def.type === 'mutation' && !PUBLIC_WRITES.includes(path))
      .filter(
        ([, p]) =>
          !(AUDIT_ACTIONS as readonly string[]).includes(p._def.meta?.audit?.action ?? '') ||
          !(AUDIT_ENTITY_TYPES as readonly string[]).includes(p._def.meta?.audit?.entity ?? ''),
      )
      .map(([path]) => path);
    expect(missing).toEqual([]);
  });
});

describe('GET /api/audit-log', () => {
  async function seedEntries(n: number) {
    await sql(
      `insert into audit_log (at, actor_id, actor_username, action, entity_type, entity_id, ip)
       select now() - g * interval '1 minute', case when g % 2 = 0 then ? end, case when g % 2 = 0 then 'auditor' end,
              case when g % 3 = 0 then 'delete' else 'update' end, case when g % 4 = 0 then 'user' else 'contact' end, g::text, '10.0.0.1'
         from generate_series(1, ?) g`,
      [admin.userId, n],
    );
  }

  it('pages newest first by cursor until the end (REST and tRPC agree)', async () => {
    await seedEntries(25);
    const seen: number[] = [];
    let cursor: string | null = null;
    do {
      const page: TAuditPage = (
        await admin.rest<TAuditPage>(
          'GET',
          `/audit-log?limit=10${cursor ? `&cursor=${cursor}` : ''}`,
        )
      ).body;
      seen.push(...page.items.map((i) => i.id));
      cursor = page.nextCursor;
    } while (cursor);
    expect(seen.length).toBeGreaterThanOrEqual(25);
    expect([...seen].sort((a, b) => b - a)).toEqual(seen);
    const viaTrpc = await admin.trpc.admin.auditLog.list.query({ limit: 10 });
    expect(viaTrpc.items.map((i) => i.id)).toEqual(seen.slice(0, 10));
  });

  it('filters by actor, entity type and action together', async () => {
    await seedEntries(24);
    const res = await admin.rest<TAuditPage>(
      'GET',
      `/audit-log?actorId=${admin.userId}&entityType=user&action=delete&limit=200`,
    );
    expect(res.body.items.length).toBeGreaterThan(0);
    for (const e of res.body.items)
      expect([e.actor?.id, e.entityType, e.action]).toEqual([admin.userId, 'user', 'delete']);
    // g divisible by 2, 3 and 4 within 1..24: 12, 24.
    expect(res.body.items.map((e) => e.entityId)).toEqual(['24', '12']);
  });

  it('refuses bad parameters with 400 naming them; admins only', async () => {
    for (const q of ['limit=0', 'limit=201', 'cursor=abc', 'actorId=x', 'action=DROP%20TABLE']) {
      const res = await admin.rest<{ message: string }>('GET', `/audit-log?${q}`);
      expect(res.status, q).toBe(400);
      expect(res.body.message).toMatch(new RegExp(`^${q.split('=')[0]}: `));
    }
    expect((await t.anonymous().rest('GET', '/audit-log')).status).toBe(401);
    expect((await (await t.signedIn('user')).rest('GET', '/audit-log')).status).toBe(403);
  });

  it('exports the filtered log as CSV', async () => {
    await seedEntries(6);
    const res = await admin.fetch('/api/audit-log/export/csv?entityType=user&action=update');
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toContain('text/csv');
    const lines = (await res.text()).trim().split('\n');
    expect(lines[0]).toBe(
      'id,at,actorId,actorUsername,action,entityType,entityId,changes,ip,userAgent',
    );
    expect(lines.slice(1).every((l) => l.split(',')[5] === 'user')).toBe(true);
    expect(lines).toHaveLength(2); // g = 4 of 1..6
    expect((await admin.fetch('/api/audit-log/export/csv?actorId=zero')).status).toBe(400);
  });
});

describe('retention', () => {
  it('the maintenance job drops entries older than the setting (default 365 days)', async () => {
    await sql(
      `insert into audit_log (at, action, entity_type) values (now() - interval '400 days', 'update', 'contact'), (now() - interval '40 days', 'update', 'contact')`,
    );
    expect((await runMaintenance(t.db.em(), maintenanceTasks, t.deps)).auditLog).toBe(1);
    await admin.rest('PUT', '/security/settings', {
      ...SECURITY_FORM_DEFAULTS,
      auditRetentionDays: 30,
    });
    expect((await runMaintenance(t.db.em(), maintenanceTasks, t.deps)).auditLog).toBe(1);
    const bad = await admin.rest<{ message: string }>('PUT', '/security/settings', {
      ...SECURITY_FORM_DEFAULTS,
      auditRetentionDays: 5,
    });
    expect(bad.status).toBe(400);
    expect(bad.body.message).toBe(
      'auditRetentionDays: Audit log retention must be between 30 and 3650 days',
    );
  });
});
