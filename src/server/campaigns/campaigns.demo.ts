import type { EntityManager } from '@mikro-orm/postgresql';
import { Campaign } from './campaign.entity';

/** Demo campaigns, one of each status. */
export async function seedDemoCampaigns(em: EntityManager): Promise<void> {
  if (await em.count(Campaign, {})) return;
  const campaigns = [
    [
      'Q4 Reactivation Calls',
      'voice',
      'active',
      'Dormant leads from 2025',
      'appointments',
      1200,
      'Voice agent re-engages leads who went quiet in the last 12 months.',
    ],
    [
      'Trial Activation Emails',
      'email',
      'active',
      'Free-trial signups',
      'conversions',
      300,
      'Five-touch email sequence for new trial users.',
    ],
    [
      'LinkedIn Thought Leadership',
      'social',
      'paused',
      'VP Sales, 200-2000 employees',
      'impressions',
      50000,
      'Weekly posts on speed-to-lead benchmarks.',
    ],
    [
      'Speed-to-Lead Report',
      'content',
      'completed',
      'Sales leaders',
      'downloads',
      2500,
      'Gated benchmark report.',
    ],
    [
      'Spring Webinar Invites',
      'email',
      'draft',
      'All customers',
      'registrations',
      400,
      'Invite sequence for the spring product webinar.',
    ],
  ] as const;
  for (const [name, type, status, targetAudience, goalMetric, goalValue, description] of campaigns)
    em.create(Campaign, { name, type, status, targetAudience, goalMetric, goalValue, description });
  await em.flush();
}
