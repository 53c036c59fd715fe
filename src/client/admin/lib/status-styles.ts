import type { BadgeTone } from '../../components/ui/badge';

/** The product (docs/PRODUCT.md): the colour of each status word. Unknown values are gray. */
const CONTACT_TONES: Record<string, BadgeTone> = {
  new: 'blue',
  contacted: 'yellow',
  qualified: 'green',
  converted: 'purple',
};
const CAMPAIGN_TONES: Record<string, BadgeTone> = {
  draft: 'gray',
  active: 'green',
  paused: 'yellow',
  completed: 'blue',
};
const PRIORITY_TONES: Record<string, BadgeTone> = { high: 'red', medium: 'yellow', low: 'green' };

export const contactTone = (status: string): BadgeTone => CONTACT_TONES[status] ?? 'gray';
export const campaignTone = (status: string): BadgeTone => CAMPAIGN_TONES[status] ?? 'gray';
export const priorityTone = (priority: string): BadgeTone => PRIORITY_TONES[priority] ?? 'gray';

/** Bar fill per tone, for the percentage bars of the breakdown panels. */
export const BAR_COLOURS: Record<BadgeTone, string> = {
  gray: 'bg-slate-400',
  blue: 'bg-blue-500',
  yellow: 'bg-amber-400',
  green: 'bg-emerald-500',
  purple: 'bg-purple-500',
  red: 'bg-red-500',
  indigo: 'bg-indigo-500',
};
