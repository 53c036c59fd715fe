import type { Metric, TeamMember, ValueItem } from './marketing.types';

export const MISSION = {
  title: 'Our mission',
  body: 'Every buyer deserves a fast, helpful answer, and every sales rep deserves to spend the day selling. We build AI agents that handle the calling, qualifying and follow-up at machine scale with human warmth, so revenue teams grow without burning out.',
} as const;

export const ABOUT_VALUES: ValueItem[] = [
  {
    title: 'Results-Driven',
    description:
      'We measure ourselves in booked meetings and cost per appointment, and we report both every month.',
  },
  {
    title: 'Security First',
    description:
      'SOC 2 Type II controls, encrypted recordings and strict data retention are the default, not an add-on.',
  },
  {
    title: 'Human-Centered',
    description:
      'Agents disclose they are AI, respect opt-outs and hand off to a person the moment it helps the buyer.',
  },
  {
    title: 'Innovation',
    description:
      'We ship improvements to voice, reasoning and integrations every week, and every client gets them.',
  },
];

export const TIMELINE: { year: string; title: string; description: string }[] = [
  {
    year: '2019',
    title: 'Founded',
    description: 'Started as a two-person lab building speech models for call centers.',
  },
  {
    year: '2020',
    title: 'First voice agent',
    description: 'Launched outbound calling for 12 pilot clients; 10,000 calls in month one.',
  },
  {
    year: '2021',
    title: 'Inbound and SMS',
    description: 'Added inbound lead vetting and two-way texting; passed 100 clients.',
  },
  {
    year: '2022',
    title: 'SOC 2 Type II',
    description: 'Completed our SOC 2 Type II audit and opened the workflow automation practice.',
  },
  {
    year: '2023',
    title: '500+ companies',
    description: 'Crossed 500 companies served and 100,000 appointments booked.',
  },
  {
    year: '2024',
    title: '10M+ AI interactions',
    description:
      'Passed 10 million AI interactions, with 2,100+ client teams at 500+ companies in 14 industries.',
  },
];

export const TEAM: TeamMember[] = [
  {
    name: 'Maya Chen',
    role: 'Co-founder & CEO',
    image: '/images/people/maya-chen.svg',
    bio: 'Ran sales development teams of 80 reps before founding Convoza to end the cold-calling grind.',
  },
  {
    name: 'David Okoro',
    role: 'Co-founder & CTO',
    image: '/images/people/david-okoro.svg',
    bio: 'Former speech-recognition researcher; leads the team behind our real-time voice stack.',
  },
  {
    name: 'Sofia Alvarez',
    role: 'VP of Customer Success',
    image: '/images/people/sofia-alvarez.svg',
    bio: 'Has launched more than 600 client campaigns and owns our 90% client retention.',
  },
  {
    name: 'James Whitaker',
    role: 'Head of Security & Compliance',
    image: '/images/people/james-whitaker.svg',
    bio: 'Led our SOC 2 Type II program and keeps every call compliant with TCPA and GDPR.',
  },
];

export const IMPACT_STATS: Metric[] = [
  { value: '500+', label: 'companies' },
  { value: '10M+', label: 'AI interactions' },
  { value: '99.9%', label: 'uptime guarantee' },
  { value: '24/7', label: 'support' },
];
