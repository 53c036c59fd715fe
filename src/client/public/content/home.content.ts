import type { ClientLogo, HeroSlide, Metric, Testimonial } from './marketing.types';

export const HERO = {
  eyebrow: 'AI voice, text and email agents for sales teams',
  headlineLead: 'AI agents that booked',
  headlineFigure: '1200+ appointments in 2 days',
  subhead:
    'Convoza voice agents call your leads within minutes, qualify them in natural conversation and put meetings on your reps’ calendars, 24/7, at up to 90% lower cost per appointment.',
  badges: ['Trusted by 2,100+ Clients', 'SOC 2 Type II Compliant'],
  demoAlert: 'Demo video coming soon! Book a strategy call to see a live demo.',
} as const;

/** The product (docs/PRODUCT.md): 4 slides, 4000 ms per slide, 1 s fade. */
export const SLIDE_INTERVAL_MS = 4000;

export const HERO_SLIDES: HeroSlide[] = [
  {
    src: '/images/hero/slide-1-call.svg',
    alt: 'Live AI call with voice waveform and a prospect qualifying for a demo',
  },
  {
    src: '/images/hero/slide-2-transcript.svg',
    alt: 'Call transcript card showing an objection handled and a meeting booked',
  },
  {
    src: '/images/hero/slide-3-calendar.svg',
    alt: 'Sales calendar filling up with meetings booked by AI agents',
  },
  {
    src: '/images/hero/slide-4-pipeline.svg',
    alt: 'Pipeline chart showing booked appointments rising week over week',
  },
];

export const CLIENT_LOGOS: ClientLogo[] = [
  { name: 'HubSpot', src: '/logos/hubspot.svg' },
  { name: 'Zendesk', src: '/logos/zendesk.svg' },
  { name: 'Shopify', src: '/logos/shopify.svg' },
  { name: 'Stripe', src: '/logos/stripe.svg' },
  { name: 'Intercom', src: '/logos/intercom.svg' },
  { name: 'Atlassian', src: '/logos/atlassian.svg' },
];

export const RESULTS_STRIP: Metric[] = [
  { value: '70x', label: 'more appointments booked' },
  { value: 'Millions', label: 'of calls processed' },
  { value: '24/7', label: 'availability' },
  { value: '90%', label: 'cost reduction' },
];

export const TESTIMONIALS: Testimonial[] = [
  {
    rating: 5,
    quote:
      'We went from 9 demos a week to more than our AEs could take. Convoza paid for itself in the first 10 days.',
    name: 'Marcus Lee',
    position: 'VP of Sales, Stackwise',
    image: '/images/people/marcus-lee.svg',
  },
  {
    rating: 5,
    quote:
      'The voice agent booked 1,200 patient appointments over a weekend. Our front desks could not believe the schedule on Monday.',
    name: 'Dr. Priya Raman',
    position: 'COO, BrightPath Dental Group',
    image: '/images/people/priya-raman.svg',
  },
  {
    rating: 5,
    quote:
      'Every lead gets called back in under a minute, nights included. Cost per signed case dropped 75% in one quarter.',
    name: 'Elena Brooks',
    position: 'Managing Partner, Harbor & Lane Injury Law',
    image: '/images/people/elena-brooks.svg',
  },
];

export const CLOSING_CTA = {
  title: 'Your next 1,000 meetings are already in your CRM',
  body: 'Book a 30-minute strategy call. We will map your funnel, show a live agent on your use case and project the meetings and savings you can expect.',
} as const;
