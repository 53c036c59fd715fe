// The shared cache of hot reads (db/shared-cache.ts) across instances, on the notification
// settings: a saved change is read at once by another instance, a rolled-back one changes
// nothing, and a cache that lost its LISTEN connection stops answering from memory.
import { describe, expect, it } from 'vitest';
import { DEFAULT_NOTIFICATION_SETTINGS } from '../../shared/notifications.schema';
import { updateNotificationSettings } from './notification-settings.service';
import { Client } from '../test-app';
import { useSignedIn, useTestApp } from '../test/use-test-app';

const t = useTestApp();
const admin = useSignedIn(t);

const sql = (text: string, params: unknown[] = []) =>
  t.db.em().getConnection().execute(text, params);
const subjectOn = async (client: Client) =>
  (await client.rest<{ alertSubject: string }>('GET', '/notifications/settings')).body.alertSubject;
const save = (alertSubject: string) =>
  admin.rest('PUT', '/notifications/settings', { ...DEFAULT_NOTIFICATION_SETTINGS, alertSubject });

/**
 * A second instance with its own ORM and listener, once it answers from its cache: a change
 * written behind the services' back (raw SQL, no notification) is then not seen by it.
 */
async function cachingInstance(): Promise<Client> {
  const { url } = await t.startInstance({ ownOrm: true });
  const other = new Client(url);
  other.copyCookiesFrom(admin);
  await save('Saved {{name}}');
  for (let i = 0; ; i++) {
    await subjectOn(other); // loads it into the cache, once the listener is up
    await sql(`update notification_settings set alert_subject = ?`, [`Raw ${i} {{name}}`]);
    if ((await subjectOn(other)) !== `Raw ${i} {{name}}`) return other;
    if (i > 100) throw new Error('the other instance never cached the settings');
    await new Promise((r) => setTimeout(r, 20));
  }
}

describe('shared cache', () => {
  it('drops a value on every instance when the change commits', async () => {
    const other = await cachingInstance();
    const started = Date.now();
    await save('Changed on A {{name}}');
    await expect
      .poll(() => subjectOn(other), { timeout: 1000, interval: 5 })
      .toBe('Changed on A {{name}}');
    expect(Date.now() - started).toBeLessThan(1000);
  });

  it('keeps the value when the change rolls back', async () => {
    const other = await cachingInstance();
    const cached = await subjectOn(other);
    await expect(
      t.db.em().transactional(async (em) => {
        await updateNotificationSettings(em, {
          ...DEFAULT_NOTIFICATION_SETTINGS,
          alertSubject: 'Never committed {{name}}',
        });
        throw new Error('rolled back');
      }),
    ).rejects.toThrow('rolled back');
    await new Promise((r) => setTimeout(r, 100));
    expect(await subjectOn(other)).toBe(cached);
  });

  it('stops answering from memory while its listener is down, and recovers', async () => {
    const other = await cachingInstance();
    await sql(
      `select pg_terminate_backend(pid) from pg_stat_activity
        where datname = current_database() and query ilike 'listen %convoza_shared_cache%'`,
    );
    await sql(`update notification_settings set alert_subject = 'After the loss {{name}}'`);
    await expect.poll(() => subjectOn(other), { timeout: 3000 }).toBe('After the loss {{name}}');
  });
});
