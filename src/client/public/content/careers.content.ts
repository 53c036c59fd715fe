import type { Job, ValueItem } from './marketing.types';

export const TEAM_SIZE_STATEMENT = 'Join 50+ team members building the future of sales';

export const CAREER_VALUES: ValueItem[] = [
  {
    title: 'Ship to customers',
    description: 'Work reaches clients within days; you see the meetings it books.',
  },
  {
    title: 'Own the outcome',
    description: 'Small teams, clear goals, and the authority to decide how to hit them.',
  },
  {
    title: 'Learn in public',
    description: 'Weekly demos, written decisions and blameless reviews.',
  },
  {
    title: 'Respect the buyer',
    description: 'We build agents people are glad to talk to, and we hold that line.',
  },
];

export const CAREER_BENEFITS: string[] = [
  'Competitive salary and equity',
  'Medical, dental and vision, 100% covered for you',
  'Remote-first with hubs in Austin and New York',
  'Flexible hours and 25 days paid time off',
  '$2,000 yearly learning budget',
  '401(k) with 4% match',
  '16 weeks paid parental leave',
  '$1,500 home-office setup',
];

const COMMON_BENEFITS = ['Equity package', 'Full health coverage', 'Remote-first'];

export const JOBS: Job[] = [
  {
    id: 'senior-ai-engineer',
    title: 'Senior AI Engineer',
    department: 'Engineering',
    location: 'Remote (US) or Austin, TX',
    type: 'Full-time',
    experience: '5+ years',
    description:
      'Build the real-time voice and reasoning pipeline behind millions of sales calls: latency under 500 ms, accuracy our clients can bet their pipeline on.',
    requirements: [
      '5+ years building production ML or speech systems',
      'Strong Python or TypeScript, and experience with LLMs in production',
      'Comfort with real-time audio, streaming and latency budgets',
    ],
    benefits: [...COMMON_BENEFITS, '$3,000 conference budget'],
  },
  {
    id: 'product-manager-ai-solutions',
    title: 'Product Manager - AI Solutions',
    department: 'Product',
    location: 'Remote (US) or New York, NY',
    type: 'Full-time',
    experience: '4+ years',
    description:
      'Own the roadmap for inbound lead vetting and text follow-up, from discovery calls with sales leaders to launch metrics.',
    requirements: [
      '4+ years of B2B SaaS product management',
      'A record of shipping AI or automation products',
      'Fluency with funnel metrics: speed to lead, conversion, cost per meeting',
    ],
    benefits: [...COMMON_BENEFITS, 'Quarterly customer visits'],
  },
  {
    id: 'sales-development-representative',
    title: 'Sales Development Representative',
    department: 'Sales',
    location: 'Austin, TX (hybrid)',
    type: 'Full-time',
    experience: '1+ years',
    description:
      'Work alongside our own AI agents to start conversations with sales leaders and book strategy calls for our account executives.',
    requirements: [
      '1+ years in SDR, BDR or customer-facing sales',
      'Clear, confident writing and phone manner',
      'Curiosity about AI and how sales teams operate',
    ],
    benefits: [...COMMON_BENEFITS, 'Uncapped commission', 'Clear path to AE in 12-18 months'],
  },
  {
    id: 'customer-success-manager',
    title: 'Customer Success Manager',
    department: 'Customer Success',
    location: 'Remote (US)',
    type: 'Full-time',
    experience: '3+ years',
    description:
      'Launch and grow a portfolio of 25 clients: design their campaigns, report on meetings booked and keep retention above 90%.',
    requirements: [
      '3+ years in customer success or account management for SaaS',
      'Comfort reading call data and building simple reports',
      'Experience running executive business reviews',
    ],
    benefits: [...COMMON_BENEFITS, 'Retention bonus'],
  },
];
