import { percentOf } from '../../../shared/analytics.schema';
import { CONTACT_STATUSES, type TContactStatus } from '../../../shared/contacts.schema';

export type StatusCounts = Record<string, number>;

const count = (counts: StatusCounts, key: string) => counts[key] ?? 0;

export function sumCounts(counts: StatusCounts): number {
  return Object.values(counts).reduce((a, b) => a + b, 0);
}

/** The three rate cards of the analytics screen, whole percentages. */
export function analyticsRates(
  contacts: StatusCounts,
  campaigns: StatusCounts,
  totalContacts: number,
  totalCampaigns: number,
) {
  return {
    conversionRate: percentOf(count(contacts, 'converted'), totalContacts),
    engagementScore: percentOf(
      count(contacts, 'qualified') + count(contacts, 'converted'),
      totalContacts,
    ),
    activeRate: percentOf(count(campaigns, 'active'), totalCampaigns),
  };
}

export interface FunnelStage {
  status: TContactStatus;
  /** Contacts that reached this stage or a later one. */
  reached: number;
  /** Share of all contacts. */
  percentOfTotal: number;
  /** Share of the previous stage (100 for the first). */
  percentOfPrevious: number;
}

/**
 * new -> contacted -> qualified -> converted as a funnel: a converted contact also passed the
 * earlier stages, so each stage counts its own status plus every later one.
 */
export function conversionFunnel(contacts: StatusCounts): FunnelStage[] {
  const total = CONTACT_STATUSES.reduce((sum, s) => sum + count(contacts, s), 0);
  let previous = total;
  return CONTACT_STATUSES.map((status, index) => {
    const reached = CONTACT_STATUSES.slice(index).reduce((sum, s) => sum + count(contacts, s), 0);
    const stage = {
      status,
      reached,
      percentOfTotal: percentOf(reached, total),
      percentOfPrevious: index === 0 ? (total > 0 ? 100 : 0) : percentOf(reached, previous),
    };
    previous = reached;
    return stage;
  });
}

/** Rows for a status breakdown panel: every known status first (in order), then any others. */
export function statusRows(counts: StatusCounts, known: readonly string[]) {
  const total = sumCounts(counts);
  const keys = [
    ...known.filter((k) => k in counts),
    ...Object.keys(counts).filter((k) => !known.includes(k)),
  ];
  return keys.map((status) => ({
    status,
    count: count(counts, status),
    percent: percentOf(count(counts, status), total),
  }));
}
