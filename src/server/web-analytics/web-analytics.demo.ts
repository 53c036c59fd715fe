// Thirty days of page views for a fresh demo install, so the Website panels are alive: a few
// dozen visitors a day (fewer at weekends), landing from search, social, a newsletter and a
// LinkedIn campaign or directly, reading one to three pages. Deterministic: the same every time.
import type { EntityManager } from '@mikro-orm/postgresql';
import { ensurePageViewPartitions } from './page-view-partitions.sql';
import { insertPageViews, type PageViewRow } from './visitors.sql';

const DAYS = 30;
const PAGES = [
  '/',
  '/services',
  '/services/ai-outbound-calling',
  '/services/ai-inbound-lead-vetting',
  '/services/ai-text-email',
  '/case-studies',
  '/about',
  '/contact',
];
const SOURCES: Pick<PageViewRow, 'referrerHost' | 'utmSource' | 'utmMedium' | 'utmCampaign'>[] = [
  { referrerHost: null, utmSource: null, utmMedium: null, utmCampaign: null },
  { referrerHost: 'www.google.com', utmSource: null, utmMedium: null, utmCampaign: null },
  { referrerHost: 'www.linkedin.com', utmSource: null, utmMedium: null, utmCampaign: null },
  { referrerHost: null, utmSource: 'newsletter', utmMedium: 'email', utmCampaign: 'spring-launch' },
  {
    referrerHost: 'www.linkedin.com',
    utmSource: 'linkedin',
    utmMedium: 'paid_social',
    utmCampaign: 'q4-outbound',
  },
];
const DEVICES = ['desktop', 'desktop', 'mobile', 'mobile', 'tablet'];

/** A small seeded generator (mulberry32): the demo is the same on every install. */
function random(seed: number) {
  return () => {
    seed = (seed + 0x6d2b79f5) | 0;
    let t = Math.imul(seed ^ (seed >>> 15), 1 | seed);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

export async function seedDemoPageViews(em: EntityManager): Promise<void> {
  const now = Date.now();
  const next = random(20261127);
  const pick = <T>(list: readonly T[]) => list[Math.floor(next() * list.length)]!;
  const rows: PageViewRow[] = [];
  for (let ago = DAYS - 1; ago >= 0; ago--) {
    const day = new Date(now - ago * 86_400_000);
    const weekend = day.getUTCDay() === 0 || day.getUTCDay() === 6;
    const visitors = Math.round((weekend ? 18 : 45) + next() * 30);
    const dayStart = Date.UTC(day.getUTCFullYear(), day.getUTCMonth(), day.getUTCDate());
    const dayEnd = ago === 0 ? now : dayStart + 86_400_000;
    for (let v = 0; v < visitors; v++) {
      const source = pick(SOURCES);
      const device = pick(DEVICES);
      let at = dayStart + next() * (dayEnd - dayStart - 10 * 60_000);
      const pages = 1 + Math.floor(next() * 3);
      for (let p = 0; p < pages; p++) {
        rows.push({
          viewedAt: new Date(at),
          visitor: `demo-${ago}-${v}`,
          network: `demo-network-${ago}-${v}`,
          path: p === 0 ? pick(PAGES.slice(0, 5)) : pick(PAGES),
          ...(p === 0 ? source : SOURCES[0]!),
          utmTerm: null,
          utmContent: null,
          device,
        });
        at += 30_000 + next() * 120_000;
      }
    }
  }
  await ensurePageViewPartitions(em, new Date(now - (DAYS - 1) * 86_400_000));
  for (let i = 0; i < rows.length; i += 5000) await insertPageViews(em, rows.slice(i, i + 5000));
}
