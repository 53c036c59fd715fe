import type { Feature } from '../feature';
import { Campaign } from './campaign.entity';
import { seedDemoCampaigns } from './campaigns.demo';

export const campaignsFeature: Feature = {
  name: 'campaigns',
  entities: [Campaign],
  seedDemo: seedDemoCampaigns,
};
