import { Badge } from '../../components/ui/badge';
import { capitalize } from '../lib/format';
import { campaignTone, contactTone, priorityTone } from '../lib/status-styles';

/** Status words with their colours; the word is always shown, never the colour alone. */
export function ContactStatusBadge({ status }: { status: string }) {
  return <Badge tone={contactTone(status)}>{capitalize(status)}</Badge>;
}

export function CampaignStatusBadge({ status }: { status: string }) {
  return <Badge tone={campaignTone(status)}>{capitalize(status)}</Badge>;
}

export function PriorityBadge({ priority }: { priority: string }) {
  return <Badge tone={priorityTone(priority)}>{capitalize(priority)} priority</Badge>;
}
