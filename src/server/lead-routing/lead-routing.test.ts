// Round-robin assignment of new leads: the setting over REST and tRPC, and submissions taking
// turns (one at a time and all at once).
import { beforeEach, describe, expect, it } from 'vitest';
import type { TLeadRouting } from '../../shared/contacts-bulk.schema';
import { relaxContactProtections } from '../form-guard/contact-form-test-support';
import { useSignedIn, useTestApp } from '../test/use-test-app';

const t = useTestApp();
const admin = useSignedIn(t, 'admin');
beforeEach(() => relaxContactProtections(t.db.em()));

const lead = (n: number) => ({
  name: `Lead ${n}`,
  email: `lead${n}@example.com`,
  message: 'Please call me about outbound calling',
});
const submit = (n: number) => t.anonymous().rest('POST', '/contacts', lead(n));

async function ownersByLead(): Promise<(number | null)[]> {
  const rows = await t.db
    .em()
    .getConnection()
    .execute<{ owner_id: number | null }[]>('select owner_id from contacts order by id');
  return rows.map((r) => r.owner_id);
}

describe('GET/PUT /api/lead-routing', () => {
  it('is off by default; saves the chosen users over REST and reads them back through tRPC', async () => {
    expect((await admin.rest<TLeadRouting>('GET', '/lead-routing')).body).toEqual({ userIds: [] });
    const rep = (await t.signedIn('admin')).userId;
    const saved = await admin.rest<TLeadRouting>('PUT', '/lead-routing', {
      userIds: [rep, admin.userId, rep],
    });
    expect(saved.status).toBe(200);
    expect(saved.body.userIds).toEqual([admin.userId, rep].sort((a, b) => a - b));
    expect(await admin.trpc.admin.leadRouting.get.query()).toEqual(saved.body);
    expect(await admin.trpc.admin.leadRouting.update.mutate({ userIds: [] })).toEqual({
      userIds: [],
    });
  });

  it('refuses an unknown or deactivated user (400 naming userIds) and non-admins', async () => {
    const bad = await admin.rest<{ message: string }>('PUT', '/lead-routing', {
      userIds: [987654],
    });
    expect(bad.status).toBe(400);
    expect(bad.body.message).toBe(
      'No active back-office user with id 987654 (leads go to someone who signs in)',
    );
    const cannotSignIn = (await t.signedIn('user')).userId;
    expect((await admin.rest('PUT', '/lead-routing', { userIds: [cannotSignIn] })).status).toBe(
      400,
    );
    expect((await admin.rest('PUT', '/lead-routing', { userIds: ['x'] })).status).toBe(400);
    const user = await t.signedIn('user');
    expect((await user.rest('GET', '/lead-routing')).status).toBe(403);
    expect((await t.anonymous().rest('PUT', '/lead-routing', { userIds: [] })).status).toBe(401);
  });
});

describe('round-robin assignment of new leads', () => {
  it('leaves leads unassigned while it is off', async () => {
    await submit(1);
    expect(await ownersByLead()).toEqual([null]);
  });

  it('gives website leads to the chosen users in turn, skipping a deactivated one', async () => {
    const a = (await t.signedIn('admin')).userId;
    const b = (await t.signedIn('admin')).userId;
    await admin.rest('PUT', '/lead-routing', { userIds: [a, b] });
    for (let n = 1; n <= 4; n++) expect((await submit(n)).status).toBe(200);
    // Turns continue from wherever the rotation stood, so the first lead may go to either.
    const [first, second] = await ownersByLead();
    expect([first, second].sort()).toEqual([a, b].sort());
    expect(await ownersByLead()).toEqual([first, second, first, second]);
    await t.db.em().getConnection().execute('update users set is_active = false where id = ?', [b]);
    await submit(5);
    await submit(6);
    expect((await ownersByLead()).slice(4)).toEqual([a, a]);
  });

  it('shares 30 simultaneous submissions evenly among 3 users', async () => {
    const reps = [
      (await t.signedIn('admin')).userId,
      (await t.signedIn('admin')).userId,
      (await t.signedIn('admin')).userId,
    ];
    await admin.rest('PUT', '/lead-routing', { userIds: reps });
    const results = await Promise.all(Array.from({ length: 30 }, (_, i) => submit(i)));
    expect(results.every((r) => r.status === 200)).toBe(true);
    const owners = await ownersByLead();
    const perRep = reps.map((id) => owners.filter((o) => o === id).length);
    expect(perRep).toEqual([10, 10, 10]);
  });
});
