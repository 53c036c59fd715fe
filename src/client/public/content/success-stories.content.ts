import type { CaseStudy, Metric } from './marketing.types';

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
    image: '/images/case-studies/education.svg',
    imageAlt: 'Course progress chart rising from 45% to 80% completion',
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
    image: '/images/case-studies/security.svg',
    imageAlt: 'Call waveform with an inbound lead being qualified',
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
    image: '/images/case-studies/real-estate.svg',
    imageAlt: 'Map pins and booked property showings',
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
