import { SERVICE_IDS, type ServiceId } from './content-ids';
import type { Service } from './marketing.types';

/** The four services: cards on Home, the All Services listing and the detail pages. */
const SERVICE_CONTENT = {
  'ai-outbound-calling': {
    icon: 'phone-outgoing',
    title: 'AI Outbound Calling',
    shortTitle: 'Outbound Calling',
    metric: { value: '1200+', label: 'appointments booked in 2 days' },
    description:
      'Voice agents that dial your list, hold natural 30-minute conversations, handle objections and put qualified meetings on your reps’ calendars.',
    detailedDescription:
      'Convoza voice agents call thousands of prospects in parallel, sound like your best SDR and never skip a follow-up. Each call is scripted from your playbook, adapts to what the prospect says, and ends with a confirmed slot in your calendar. One client booked 1,200+ appointments in 2 days. Across our customers the agents have booked over 700,000 appointments, at 70x the volume of a manual dialing team.',
    features: [
      'Human-sounding voices in 30+ languages and accents',
      'Live objection handling trained on your playbook',
      'Calendar booking with Google, Outlook and Calendly',
      'Local caller ID and compliant calling windows',
      'Full call recordings, transcripts and summaries',
      'CRM sync for every call outcome',
    ],
    benefits: [
      '70x more appointments than a manual SDR team',
      'Up to 90% lower cost per booked meeting',
      'Every lead called within minutes, 24/7',
      'Reps spend their day closing, not dialing',
    ],
    howItWorks: [
      {
        step: '01',
        title: 'Map your playbook',
        description:
          'We turn your best calls, ideal customer profile and objections into a tested call script.',
      },
      {
        step: '02',
        title: 'Launch the agents',
        description:
          'Agents start dialing your list within 7 days, with compliance checks and calling windows set.',
      },
      {
        step: '03',
        title: 'Meetings land on calendars',
        description:
          'Qualified prospects are booked straight into your reps’ calendars, with notes in your CRM.',
      },
    ],
  },
  'ai-inbound-lead-vetting': {
    icon: 'phone-incoming',
    title: 'AI Inbound Lead Vetting',
    shortTitle: 'Inbound Lead Vetting',
    metric: { value: '85%', label: 'faster lead qualification' },
    description:
      'Every inbound call and form fill answered in seconds, qualified against your criteria and routed to the right rep.',
    detailedDescription:
      'Speed to lead decides who wins the deal. Convoza answers inbound calls on the first ring and calls back web leads within 60 seconds, asks your qualification questions (budget, authority, need, timeline), and routes hot leads to a live rep or books them on the spot. Clients qualify leads 85% faster and stop losing after-hours demand.',
    features: [
      'First-ring answering on every inbound line',
      'Web-form callbacks in under 60 seconds',
      'Custom BANT or MEDDIC qualification flows',
      'Warm transfer to the right rep or team',
      'Lead scoring written back to your CRM',
      'Spam and low-intent caller filtering',
    ],
    benefits: [
      '85% faster qualification',
      'No missed calls nights, weekends or holidays',
      'Reps only talk to sales-ready buyers',
      'Consistent questions, consistent data',
    ],
    howItWorks: [
      {
        step: '01',
        title: 'Define what qualified means',
        description:
          'We encode your qualification criteria, routing rules and disqualifiers with your sales leaders.',
      },
      {
        step: '02',
        title: 'Connect your lines and forms',
        description:
          'Forward your numbers and connect your forms; the agent answers every lead within seconds.',
      },
      {
        step: '03',
        title: 'Route and report',
        description:
          'Sales-ready leads go to a rep or a calendar; every conversation is scored and logged.',
      },
    ],
  },
  'ai-text-email': {
    icon: 'message-square',
    title: 'AI Text & Email Follow-up',
    shortTitle: 'Text & Email',
    metric: { value: '200%', label: 'increase in response rates' },
    description:
      'Two-way SMS and email agents that follow up instantly, answer questions and nudge prospects to book.',
    detailedDescription:
      'Most leads need five or more touches before they reply. Convoza text and email agents send the first message within a minute, answer questions in real time, handle rescheduling and keep nurturing until the prospect books or opts out. Clients see a 200% increase in response rates versus static drip sequences.',
    features: [
      'Two-way conversational SMS and email',
      'Personalized messages from CRM and call context',
      'Automatic booking, rescheduling and reminders',
      'Opt-out, quiet hours and consent handling',
      'Multi-step sequences that stop when a lead replies',
      'A/B testing on copy and timing',
    ],
    benefits: [
      '200% more replies than static drips',
      'Fewer no-shows thanks to smart reminders',
      'Every lead nurtured, none forgotten',
      'One conversation thread across voice, text and email',
    ],
    howItWorks: [
      {
        step: '01',
        title: 'Plan the conversation',
        description:
          'We design the message sequences, tone and hand-off rules for each lead source.',
      },
      {
        step: '02',
        title: 'Agents start the thread',
        description:
          'New leads get a personal text or email within a minute, and every reply is answered.',
      },
      {
        step: '03',
        title: 'Book and remind',
        description:
          'Interested prospects book themselves in; reminders cut no-shows before the meeting.',
      },
    ],
  },
  'workflow-automation': {
    icon: 'workflow',
    title: 'Workflow Automation',
    shortTitle: 'Workflow Automation',
    metric: { value: '90%', label: 'reduction in manual tasks' },
    description:
      'Connect your CRM, calendars and tools so data entry, hand-offs and reporting run themselves.',
    detailedDescription:
      'Your agents are only as good as the systems behind them. We connect Convoza to your CRM, calendars, dialers and data warehouse, then automate the busywork around every conversation: lead assignment, note-taking, follow-up tasks and pipeline reporting. Teams cut 90% of manual sales-ops tasks within the first quarter.',
    features: [
      'Native CRM sync (HubSpot, Salesforce, Pipedrive, Zoho)',
      'Automatic lead assignment and round-robin routing',
      'AI-written call notes and next steps',
      'Pipeline dashboards updated in real time',
      'Webhooks and API for custom systems',
      'Audit trails for every automated action',
    ],
    benefits: [
      '90% fewer manual tasks',
      'Clean CRM data without chasing reps',
      'Faster hand-offs between marketing, sales and success',
      'Live reporting leadership can trust',
    ],
    howItWorks: [
      {
        step: '01',
        title: 'Audit your workflow',
        description:
          'We map every manual step between first touch and closed deal, and rank them by hours lost.',
      },
      {
        step: '02',
        title: 'Build the automations',
        description:
          'Our engineers connect your systems and automate the highest-value steps first.',
      },
      {
        step: '03',
        title: 'Measure and expand',
        description:
          'A monthly review shows hours saved and pipeline impact, then we automate the next steps.',
      },
    ],
  },
} satisfies Record<ServiceId, Omit<Service, 'id'>>;

/** In the order of SERVICE_IDS. */
export const SERVICES: Service[] = SERVICE_IDS.map((id) => ({ id, ...SERVICE_CONTENT[id] }));

export function findService(id: string | undefined): Service | undefined {
  return SERVICES.find((s) => s.id === id);
}
