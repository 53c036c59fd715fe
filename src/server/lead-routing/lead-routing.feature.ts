import type { Feature } from '../feature';
import { LeadRoutingMember } from './lead-routing-member.entity';

export const leadRoutingFeature: Feature = {
  name: 'leadRouting',
  entities: [LeadRoutingMember],
};
