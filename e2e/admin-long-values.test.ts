// A long unbroken value (a pasted link, a 500-character erasure reason, a name with no spaces)
// wraps in every list, detail and dialog of the back office at 375 and 1280 px: no screen
// scrolls sideways (attack findings, round 5, item 14: the Privacy screen was 3,070 px wide).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  DESKTOP,
  PHONE,
  RENDERED,
  adminPage,
  animationsSettled,
  useAdminSuite,
  type AdminPage,
} from './support/admin';
import { shot } from './support/browser';

const suite = useAdminSuite();
/** An unbroken value `n` characters long (each field at its longest). */
const long = (n: number) => 'W'.repeat(n);

const SCREENS = [
  { path: '', heading: 'Dashboard' },
  { path: 'contacts', heading: 'Contacts' },
  { path: 'contacts?contact=1', heading: 'Contacts', dialog: true },
  { path: 'contacts/1', heading: long(200) },
  { path: 'tasks', heading: 'Tasks' },
  { path: 'users', heading: 'User Management' },
  { path: 'service-inquiries', heading: 'Service Inquiries' },
  { path: 'campaigns', heading: 'Campaign Management' },
  { path: 'analytics', heading: 'Analytics Dashboard' },
  { path: 'security', heading: 'Security Center' },
  { path: 'privacy', heading: 'Privacy' },
  { path: 'audit-log', heading: 'Audit Log' },
  { path: 'webhooks', heading: 'Webhooks' },
  { path: 'legacy', heading: 'Contact Submissions' },
];

beforeAll(async () => {
  const [admin] = await suite.sql<{ id: number }>(`select id from users order by id limit 1`);
  await suite.sql(
    `insert into contacts (id, name, email, company, phone, message, source, utm_campaign, landing_page, owner_id)
     values (1, $1, 'long.values@example.com', $2, $3, $4, 'website', $5, $6, $7)`,
    [long(200), long(200), long(50), long(5000), long(200), `/${long(1999)}`, admin!.id],
  );
  await suite.sql(`select setval('contacts_id_seq', 1)`);
  await suite.sql(
    `insert into contact_activities (contact_id, type, at, data, actor_id)
     values (1, 'note', now(), jsonb_build_object('body', $1::text), $2)`,
    [long(5000), admin!.id],
  );
  await suite.sql(
    `insert into tasks (title, due_at, assignee_id, contact_id) values ($1, now() + interval '1 day', $2, 1)`,
    [long(200), admin!.id],
  );
  await suite.sql(
    `insert into campaigns (name, type, status, target_audience, goal_metric, goal_value, description, utm_campaign)
     values ($1, 'email', 'active', $2, $3, 100, $4, $5)`,
    [long(200), long(200), long(100), long(2000), long(100).toLowerCase()],
  );
  await suite.sql(
    `insert into service_inquiries (contact_id, service_type, priority, estimated_volume, timeline, budget, notes)
     values (1, $1, 'high', $2, $3, $4, $5)`,
    [long(50), long(200), long(200), long(200), long(3000)],
  );
  await suite.sql(
    `insert into users (username, password, email, first_name, last_name, role)
     values ($1, 'x', $2, $3, $4, 'admin')`,
    [long(50), `${long(60)}@example.com`, long(100), long(100)],
  );
  await suite.sql(
    `insert into quarantined_submissions (reason, payload, source, ip, user_agent, created_at, expires_at)
     values ($1, $2, 'website', '127.0.0.1', $3, now(), now() + interval '7 days')`,
    [
      long(500),
      JSON.stringify({ name: long(200), email: 'q@example.com', message: long(4000) }),
      long(500),
    ],
  );
  await suite.sql(
    `insert into webhook_endpoints (url, events, description, secret)
     values ($1, '["contact.created"]', $2, 'whsec_x')`,
    [`https://${long(200)}.example.com/${long(1500)}`, long(500)],
  );
  // An erasure with the longest reason, through the API (its ledger row and audit entry).
  const page = await adminPage(suite);
  const erased = await page.context.request.post('/api/privacy/erasures', {
    data: { email: 'gone@example.com', reason: long(500) },
  });
  expect(erased.status()).toBe(200);
  await page.close();
});

describe.each([
  ['desktop', DESKTOP],
  ['phone', PHONE],
])('long values on %s', (label, viewport) => {
  let admin: AdminPage;
  beforeAll(async () => {
    admin = await adminPage(suite, { viewport });
  });
  afterAll(() => admin?.close());

  it.each(SCREENS)('/admin/$path wraps them: nothing scrolls sideways', async (screen) => {
    const { page } = admin;
    await page.goto(`/admin/${screen.path}`);
    // With a dialog open, the page behind it is hidden from the accessibility tree.
    const shown = screen.dialog
      ? page.getByRole('dialog')
      : page.getByRole('heading', { level: 1, name: screen.heading, exact: true });
    await expect.poll(() => shown.isVisible(), RENDERED).toBe(true);
    await page.waitForLoadState('networkidle');
    await expect.poll(() => page.getByRole('status').count(), RENDERED).toBe(0);
    await animationsSettled(page);
    const overflow = await page.evaluate(() => {
      const sideways = (el: Element) => el.scrollWidth - el.clientWidth;
      const dialog = document.querySelector('[role="dialog"]');
      return {
        page: sideways(document.documentElement),
        dialog: dialog
          ? Math.max(sideways(dialog), dialog.getBoundingClientRect().right - innerWidth)
          : 0,
      };
    });
    await page.screenshot({
      path: shot(`long-values-${screen.path.replace(/[/?=]/g, '-') || 'dashboard'}-${label}.png`),
    });
    const culprits = await page.evaluate(() =>
      [...document.querySelectorAll('*')]
        .filter((el) => el.getBoundingClientRect().right > innerWidth + 1)
        .slice(0, 8)
        .map((el) => `${el.tagName}.${el.className}`.slice(0, 200)),
    );
    expect(overflow, culprits.join(' | ')).toEqual({ page: 0, dialog: expect.any(Number) });
    expect(overflow.dialog).toBeLessThanOrEqual(0);
  });
});
