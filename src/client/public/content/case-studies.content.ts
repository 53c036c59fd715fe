import type { CaseStudy, Metric } from './marketing.types';

/** One illustration per industry, shared by the studies of that industry. */
const ART = {
  healthcare: {
    image: '/images/case-studies/healthcare.svg',
    imageAlt: 'Calendar filling with booked patient appointments',
  },
  technology: {
    image: '/images/case-studies/technology.svg',
    imageAlt: 'Pipeline chart rising after AI outbound launch',
  },
  security: {
    image: '/images/case-studies/security.svg',
    imageAlt: 'Call waveform with an inbound lead being qualified',
  },
  legal: {
    image: '/images/case-studies/legal.svg',
    imageAlt: 'Transcript card of an AI intake call for a law firm',
  },
  realEstate: {
    image: '/images/case-studies/real-estate.svg',
    imageAlt: 'Map pins and booked property showings',
  },
  enterprise: {
    image: '/images/case-studies/enterprise.svg',
    imageAlt: 'Workflow nodes connecting CRM, calendar and dialer',
  },
  education: {
    image: '/images/case-studies/education.svg',
    imageAlt: 'Course progress chart rising from 45% to 80% completion',
  },
} as const;

/** The six case studies on the home page (docs/PRODUCT.md: six on Home). */
export const HOME_CASE_STUDIES: CaseStudy[] = [
  {
    id: 'brightpath-dental',
    ...ART.healthcare,
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
    ...ART.technology,
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
    ...ART.security,
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
    ...ART.legal,
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
    ...ART.realEstate,
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
    ...ART.enterprise,
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

/** The success stories page (/case-studies): headline stats, a featured story and three cards. */
export const SUCCESS_STATS: Metric[] = [
  { value: '70x', label: 'more appointments booked' },
  { value: '200%', label: 'average lead increase' },
  { value: '500+', label: 'companies served' },
  { value: '90%', label: 'client retention' },
];

export const FEATURED_STORY = {
  eyebrow: 'Featured story',
  title: 'Over 700,000 appointments booked for our clients',
  body: 'From 40-clinic dental groups to 300-seat enterprise sales floors, Convoza agents hold 30-minute conversations, qualify buyers and book meetings around the clock. The result is the same in every industry: more meetings, lower cost per appointment and reps who spend their day selling.',
  metrics: [
    { value: '700,000+', label: 'appointments booked' },
    { value: '300%', label: 'more bookings on average' },
    { value: '75%', label: 'lower cost per appointment' },
  ] satisfies Metric[],
  image: '/images/case-studies/featured.svg',
  imageAlt: 'Pipeline chart showing booked appointments climbing month over month',
} as const;

export const SUCCESS_STORIES: CaseStudy[] = [
  {
    id: 'learnloop',
    ...ART.education,
    category: 'Technology',
    title: 'Course completion from 45% to 80%',
    description:
      'An online-learning platform used AI check-in calls and texts to keep students on track.',
    tags: ['Voice', 'SMS', 'Data'],
    metrics: [
      { value: '45→80%', label: 'course completion' },
      { value: '3x', label: 'renewals booked' },
      { value: '24/7', label: 'student support' },
    ],
    details:
      'Agents called students who fell behind, answered questions about the material and booked sessions with human tutors.',
  },
  {
    id: 'vigilant-alarm',
    ...ART.security,
    category: 'Security',
    title: '60% faster response to every inbound lead',
    description:
      'A commercial-security integrator answered and qualified every lead in under a minute.',
    tags: ['Voice', 'Email', 'Automation'],
    metrics: [
      { value: '60%', label: 'faster response' },
      { value: '85%', label: 'faster qualification' },
      { value: '2.4x', label: 'site surveys booked' },
    ],
    details:
      'Inbound vetting screened property size and system needs, then booked site surveys with the right engineer.',
  },
  {
    id: 'summit-homes',
    ...ART.realEstate,
    category: 'Real Estate',
    title: '300% more bookings for a new-home builder',
    description:
      'Voice and text agents turned website visitors and open-house sign-ins into booked tours.',
    tags: ['Voice', 'SMS', 'Email'],
    metrics: [
      { value: '300%', label: 'more tour bookings' },
      { value: '75%', label: 'cost reduction' },
      { value: '30 min', label: 'average conversation' },
    ],
    details:
      'Agents held full 30-minute buyer conversations on floor plans, financing and timing, then booked model-home tours.',
  },
];
