import type { CaseStudyId, ServiceId } from './content-ids';

/** Shapes of the static marketing content (docs/PRODUCT.md). */

export type CaseStudyCategory =
  'Healthcare' | 'Technology' | 'Security' | 'Legal' | 'Real Estate' | 'Enterprise';
export type CaseStudyTag = 'Voice' | 'SMS' | 'Email' | 'Data' | 'Automation';

export interface Metric {
  value: string;
  label: string;
}

export interface CaseStudyFullDetails {
  company: string;
  industry: string;
  timeline: string;
  teamSize: string;
  challenge: string;
  solution: string;
  technologies: string[];
  results: string[];
  testimonial: string;
  testimonialAuthor: string;
}

export interface CaseStudy {
  id: CaseStudyId;
  image: string;
  imageAlt: string;
  category: CaseStudyCategory;
  title: string;
  description: string;
  tags: CaseStudyTag[];
  metrics: Metric[];
  details: string;
  /** The full write-up lives in case-study-details.content.ts under the same id. */
}

export interface Testimonial {
  rating: 5;
  quote: string;
  name: string;
  position: string;
  image: string;
}

export type ServiceIcon = 'phone-outgoing' | 'phone-incoming' | 'message-square' | 'workflow';

export interface ServiceStep {
  step: '01' | '02' | '03';
  title: string;
  description: string;
}

export interface Service {
  id: ServiceId;
  icon: ServiceIcon;
  title: string;
  shortTitle: string;
  metric: Metric;
  description: string;
  detailedDescription: string;
  features: string[];
  benefits: string[];
  howItWorks: [ServiceStep, ServiceStep, ServiceStep];
}

export interface HeroSlide {
  src: string;
  alt: string;
}

export interface ClientLogo {
  name: string;
  src: string;
}

export interface TeamMember {
  name: string;
  role: string;
  image: string;
  bio: string;
}

export interface Job {
  id: string;
  title: string;
  department: string;
  location: string;
  type: 'Full-time';
  experience: string;
  description: string;
  requirements: string[];
  benefits: string[];
}

export interface ValueItem {
  title: string;
  description: string;
}
