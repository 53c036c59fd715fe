// Retention that runs itself: leads never converted and untouched for the set number of days are
// erased like a person's request (erasure.service.ts), in batches, each batch one ledger entry
// and one audit entry. Nightly (after 02:00 in the company's time zone, once a day across
// instances) and on demand.
import type { EntityManager } from '@mikro-orm/postgresql';
import { DateTime } from 'luxon';
import {
  noErasureCounts,
  type TErasureCounts,
  type TPrivacySettings,
  type TRetentionPreview,
  type TRetentionRun,
} from '../../shared/privacy.schema';
import { singletonSettings } from '../db/singleton-settings';
import { companyTimeZone } from '../organization/organization-settings.service';
import { eraseAddresses, type ErasureBy, type ErasureDeps } from './erasure.service';
import { PrivacySettings } from './privacy-erasure.entity';
import { claimNightlyRun, countStale, staleAddressBatch } from './retention.sql';

/** Addresses erased per transaction: short locks, steady progress, one ledger entry each. */
export const RETENTION_BATCH = 500;
/** The local hour from which the nightly run may start. */
const NIGHTLY_FROM_HOUR = 2;

const table = singletonSettings({
  entity: PrivacySettings,
  cacheKey: 'privacy_settings',
  firstRow: () => ({ unconvertedLeadDays: null, retentionRanOn: null }),
  toSettings: (row): TPrivacySettings =>
    Object.freeze({ retention: { unconvertedLeadDays: row.unconvertedLeadDays ?? null } }),
});

export const getPrivacySettings = table.load;

export async function savePrivacySettings(
  em: EntityManager,
  input: TPrivacySettings,
): Promise<TPrivacySettings> {
  await table.save(em, { unconvertedLeadDays: input.retention.unconvertedLeadDays });
  return getPrivacySettings(em);
}

const cutoffOf = (days: number, now: Date) => new Date(now.getTime() - days * 86_400_000);

/** What a run would erase now. */
export async function retentionPreview(
  em: EntityManager,
  now = new Date(),
): Promise<TRetentionPreview> {
  const days = (await getPrivacySettings(em)).retention.unconvertedLeadDays;
  if (days === null) return { unconvertedLeadDays: null, cutoff: null, contacts: 0, addresses: 0 };
  const cutoff = cutoffOf(days, now);
  return {
    unconvertedLeadDays: days,
    cutoff: cutoff.toISOString(),
    ...(await countStale(em, cutoff)),
  };
}

const add = (a: TErasureCounts, b: TErasureCounts): TErasureCounts =>
  Object.fromEntries(
    Object.entries(a).map(([k, n]) => [k, n + b[k as keyof TErasureCounts]]),
  ) as TErasureCounts;

/** Erases every stale lead now, batch by batch (nothing when retention is off). */
export async function runRetention(
  em: EntityManager,
  deps: ErasureDeps,
  actor: ErasureBy['actor'],
  now = new Date(),
): Promise<TRetentionRun> {
  const days = (await getPrivacySettings(em)).retention.unconvertedLeadDays;
  let counts = noErasureCounts();
  let addresses = 0;
  if (days === null) return { addresses, counts };
  const cutoff = cutoffOf(days, now);
  const by: ErasureBy = {
    trigger: 'retention',
    actor,
    reason: `Retention: leads never converted and untouched for ${days} days`,
  };
  for (;;) {
    const batch = await staleAddressBatch(em, cutoff, RETENTION_BATCH);
    if (!batch.length) break;
    const done = await eraseAddresses(em, deps, batch, by);
    counts = add(counts, done.counts);
    addresses += batch.length;
    // A short batch was the last; one that erased nothing would be chosen again (never loop).
    if (batch.length < RETENTION_BATCH || done.counts.contacts === 0) break;
  }
  return { addresses, counts };
}

/** The maintenance tick: runs retention once a night, on the instance that claims it. */
export async function nightlyRetention(
  em: EntityManager,
  deps: ErasureDeps,
  now: Date,
): Promise<number> {
  const settings = await getPrivacySettings(em);
  if (settings.retention.unconvertedLeadDays === null) return 0;
  const local = DateTime.fromJSDate(now, { zone: await companyTimeZone(em) });
  if (local.hour < NIGHTLY_FROM_HOUR) return 0;
  if (!(await claimNightlyRun(em, local.toISODate()!))) return 0;
  return (await runRetention(em, deps, null, now)).addresses;
}
