import type { CaseStudy } from './marketing.types';

/** The six case studies on the home page (docs/PRODUCT.md: six on Home). */
export const HOME_CASE_STUDIES: CaseStudy[] = [
  {
    id: 'brightpath-dental',
    image: '/images/case-studies/healthcare.svg',
    imageAlt: 'Calendar filling with booked patient appointments',
    category: 'Healthcare',
    title: '1,200+ patient appointments booked in 2 days',
    description:
      'A 40-clinic dental group reactivated 18,000 lapsed patients with AI voice and SMS recall.',
    tags: ['Voice', 'SMS', 'Automation'],
    metrics: [
      { value: '1,200+', label: 'appointments in 2 days' },
      { value: '75%', label: 'lower recall cost' },
    ],
    details:
      'Voice agents called lapsed patients, checked insurance questions and booked cleanings into each clinic’s schedule.',
  },
  {
    id: 'stackwise',
    image: '/images/case-studies/technology.svg',
    imageAlt: 'Pipeline chart rising after AI outbound launch',
    category: 'Technology',
    title: '70x more demos for a B2B SaaS sales team',
    description:
      'A Series B SaaS company replaced manual cold calling with AI outbound and doubled pipeline.',
    tags: ['Voice', 'Email', 'Data'],
    metrics: [
      { value: '70x', label: 'more demos booked' },
      { value: '200%', label: 'pipeline growth' },
    ],
    details:
      'Agents called 4,000 accounts a day and handed qualified demos to account executives with full call notes.',
  },
  {
    id: 'shieldline',
    image: '/images/case-studies/security.svg',
    imageAlt: 'Call waveform with an inbound lead being qualified',
    category: 'Security',
    title: '85% faster qualification for a home-security provider',
    description:
      'Inbound calls and web leads answered in seconds, day and night, with instant routing.',
    tags: ['Voice', 'SMS', 'Automation'],
    metrics: [
      { value: '85%', label: 'faster qualification' },
      { value: '24/7', label: 'lead coverage' },
    ],
    details:
      'An AI receptionist vetted every inbound lead and transferred buyers to installers’ sales team live.',
  },
  {
    id: 'harbor-lane-law',
    image: '/images/case-studies/legal.svg',
    imageAlt: 'Transcript card of an AI intake call for a law firm',
    category: 'Legal',
    title: '3x more signed cases from the same ad spend',
    description: 'A personal-injury firm put an AI intake agent on every call, text and form.',
    tags: ['Voice', 'SMS', 'Email'],
    metrics: [
      { value: '300%', label: 'more consultations booked' },
      { value: '60 sec', label: 'average response time' },
    ],
    details:
      'The intake agent screened case details, checked conflicts and booked consultations with attorneys.',
  },
  {
    id: 'keystone-realty',
    image: '/images/case-studies/real-estate.svg',
    imageAlt: 'Map pins and booked property showings',
    category: 'Real Estate',
    title: '200% more showings booked for a brokerage',
    description:
      'Text and email agents followed up on every portal lead until they booked a showing.',
    tags: ['SMS', 'Email', 'Automation'],
    metrics: [
      { value: '200%', label: 'response-rate increase' },
      { value: '2x', label: 'showings per agent' },
    ],
    details:
      'Two-way SMS and email qualified buyers on budget, area and pre-approval, then booked showings.',
  },
  {
    id: 'meridian-freight',
    image: '/images/case-studies/enterprise.svg',
    imageAlt: 'Workflow nodes connecting CRM, calendar and dialer',
    category: 'Enterprise',
    title: '90% fewer manual tasks across a 300-seat sales org',
    description: 'Workflow automation connected CRM, dialer and calendars across five regions.',
    tags: ['Data', 'Automation', 'Voice'],
    metrics: [
      { value: '90%', label: 'task reduction' },
      { value: '90%', label: 'lower cost per meeting' },
    ],
    details:
      'Automated routing, AI call notes and live dashboards replaced spreadsheets and manual CRM entry.',
  },
];
