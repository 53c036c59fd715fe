import type { CaseStudyId } from './content-ids';
import type { CaseStudyFullDetails } from './marketing.types';

/**
 * The full write-up of every case study, keyed by case-study id. Kept apart from the cards so
 * only the (lazily loaded) case-study dialog downloads it.
 */
export const CASE_STUDY_DETAILS: Partial<Record<CaseStudyId, CaseStudyFullDetails>> = {
  'brightpath-dental': {
    company: 'BrightPath Dental Group',
    industry: 'Healthcare (multi-location dental)',
    timeline: '3 weeks from kickoff to launch',
    teamSize: '40 clinics, 6 front-desk coordinators',
    challenge:
      'Front desks were too busy with walk-ins to work the recall list. 18,000 patients were overdue for a cleaning and chair utilization sat at 68%.',
    solution:
      'Convoza voice agents called overdue patients during clinic hours, answered insurance and pricing questions, and booked directly into each clinic’s practice-management calendar. Patients who did not pick up got a two-way SMS follow-up.',
    technologies: ['Voice', 'SMS', 'Calendar sync', 'Practice-management integration'],
    results: [
      '1,200+ appointments booked in the first 2 days',
      'Chair utilization up from 68% to 91%',
      '75% lower cost per recalled patient',
      'Front-desk phone time down 30 hours per week',
    ],
    testimonial:
      'We filled two weeks of hygiene schedule over a weekend. Our coordinators finally have time for the patients in front of them.',
    testimonialAuthor: 'Dr. Priya Raman, Chief Operating Officer, BrightPath Dental Group',
  },
  stackwise: {
    company: 'Stackwise',
    industry: 'B2B software (SaaS)',
    timeline: '6 weeks',
    teamSize: '12 account executives, 4 SDRs',
    challenge:
      'Four SDRs made about 60 dials a day each and booked 9 demos a week. The board plan needed triple the pipeline without tripling headcount.',
    solution:
      'Convoza ran AI outbound calling against the full target-account list, followed up by email, and synced every outcome to the CRM. SDRs moved to working the hottest replies.',
    technologies: ['Voice', 'Email', 'CRM sync', 'Data enrichment'],
    results: [
      '70x more demos booked per week',
      '200% growth in qualified pipeline in one quarter',
      'Speed to first touch cut from 2 days to 4 minutes',
      'Cost per demo down 88%',
    ],
    testimonial:
      'Convoza booked more demos in its first week than our SDR team did in a quarter, and the notes are better than ours.',
    testimonialAuthor: 'Marcus Lee, VP of Sales, Stackwise',
  },
  shieldline: {
    company: 'ShieldLine Security',
    industry: 'Home and business security',
    timeline: '4 weeks',
    teamSize: '25-person sales floor',
    challenge:
      '40% of inbound calls arrived after hours and went to voicemail. Web leads waited 6 hours on average for a callback, and half had already bought elsewhere.',
    solution:
      'Convoza answered every call on the first ring, called web leads back within 60 seconds, qualified property type, budget and timeline, and warm-transferred ready buyers to the on-duty rep.',
    technologies: ['Voice', 'SMS', 'Warm transfer', 'Lead scoring'],
    results: [
      'Qualification time cut by 85%',
      'Zero missed after-hours calls',
      'Close rate on inbound leads up 34%',
      'Average callback time down from 6 hours to 45 seconds',
    ],
    testimonial:
      'Every lead gets a conversation now, even at 2 a.m. Our reps only pick up the phone for real buyers.',
    testimonialAuthor: 'Dana Whitfield, Director of Sales, ShieldLine Security',
  },
  'harbor-lane-law': {
    company: 'Harbor & Lane Injury Law',
    industry: 'Legal services',
    timeline: '5 weeks',
    teamSize: '9 attorneys, 3 intake specialists',
    challenge:
      'The firm spent $90,000 a month on ads but intake staff reached only half of new leads on the same day. Good cases went to faster competitors.',
    solution:
      'Convoza answered and called back every lead within 60 seconds, collected incident details with a compliant intake script, and booked consultations into attorney calendars with text and email reminders.',
    technologies: ['Voice', 'SMS', 'Email', 'Intake scripting'],
    results: [
      '300% more consultations booked',
      'Signed cases tripled on the same ad spend',
      'No-shows down 41% with automated reminders',
      'Intake staff time refocused on signed clients',
    ],
    testimonial:
      'Speed wins in our business. Convoza made us the first firm every injured caller speaks to.',
    testimonialAuthor: 'Elena Brooks, Managing Partner, Harbor & Lane Injury Law',
  },
  'keystone-realty': {
    company: 'Keystone Realty Partners',
    industry: 'Residential real estate',
    timeline: '3 weeks',
    teamSize: '120 agents across 8 offices',
    challenge:
      'Agents received 3,000 portal leads a month and followed up on fewer than a third. Most leads never heard back after the first day.',
    solution:
      'Convoza sent a personal text within a minute of every new lead, answered listing questions, checked pre-approval and booked showings into agent calendars, with nurturing for buyers not ready yet.',
    technologies: ['SMS', 'Email', 'Calendar sync', 'CRM automation'],
    results: [
      '200% increase in lead response rates',
      'Showings per agent doubled',
      '100% of portal leads contacted within 60 seconds',
      '$4.1M in additional closed volume in 6 months',
    ],
    testimonial: 'Our agents wake up to booked showings instead of a list of leads to chase.',
    testimonialAuthor: 'Carlos Medina, Broker of Record, Keystone Realty Partners',
  },
  'meridian-freight': {
    company: 'Meridian Freight',
    industry: 'Logistics (enterprise)',
    timeline: '10 weeks, rolled out region by region',
    teamSize: '300 sellers in 5 regions',
    challenge:
      'Reps spent 11 hours a week on data entry. Leads sat unassigned for days and leadership had no shared view of pipeline.',
    solution:
      'Convoza connected the CRM, dialer, calendars and data warehouse, automated lead assignment and note-taking, and added AI outbound calling for dormant accounts.',
    technologies: ['Automation', 'Data warehouse', 'CRM sync', 'Voice'],
    results: [
      '90% reduction in manual sales-ops tasks',
      '90% lower cost per booked meeting',
      'Lead assignment time from 2 days to 5 minutes',
      'One real-time pipeline dashboard for all regions',
    ],
    testimonial:
      'We gave 3,300 hours a month back to our sellers. The data is finally clean enough to run the business on.',
    testimonialAuthor: 'Rachel Okafor, Chief Revenue Officer, Meridian Freight',
  },
  learnloop: {
    company: 'LearnLoop',
    industry: 'EdTech (online professional courses)',
    timeline: '6 weeks',
    teamSize: '8-person student-success team',
    challenge:
      'Fewer than half of enrolled students finished their course, which hurt renewals. The success team could reach only 1 in 10 at-risk students each week.',
    solution:
      'Convoza watched progress data, called students who stalled for more than 5 days, sent SMS nudges with the next lesson, and booked tutor sessions when a student was stuck.',
    technologies: ['Voice', 'SMS', 'Data', 'LMS integration'],
    results: [
      'Course completion up from 45% to 80%',
      'Renewal calls booked tripled',
      'Every at-risk student contacted within 24 hours',
      'Student satisfaction score up from 7.1 to 9.0',
    ],
    testimonial:
      'Students tell us the check-in call is the reason they finished. Our renewals followed.',
    testimonialAuthor: 'Hannah Cole, Head of Student Success, LearnLoop',
  },
  'vigilant-alarm': {
    company: 'Vigilant Alarm Systems',
    industry: 'Commercial security',
    timeline: '4 weeks',
    teamSize: '14 sales engineers',
    challenge:
      'Inbound requests arrived by phone, email and web form, and were triaged by hand. Response times varied from minutes to days depending on who was on shift.',
    solution:
      'Convoza unified all three channels, responded within a minute, qualified each request and booked site surveys into the right engineer’s calendar by region and specialty.',
    technologies: ['Voice', 'Email', 'Automation', 'Calendar routing'],
    results: [
      '60% faster response across every channel',
      '85% faster qualification',
      '2.4x more site surveys booked per month',
      'Manual triage eliminated',
    ],
    testimonial:
      'We used to lose big commercial jobs to whoever called back first. Now that is us, every time.',
    testimonialAuthor: 'Tom Alvarez, VP of Sales, Vigilant Alarm Systems',
  },
  'summit-homes': {
    company: 'Summit Homes',
    industry: 'New-home construction',
    timeline: '5 weeks',
    teamSize: '22 community sales managers',
    challenge:
      'Online leads came in at night and on weekends, when sales managers were offline. Only 12% of leads ever booked a model-home tour.',
    solution:
      'Convoza followed up every lead by phone and text within minutes, answered questions on floor plans, pricing and incentives, and booked tours with the right community manager.',
    technologies: ['Voice', 'SMS', 'Email', 'CRM sync'],
    results: [
      '300% more model-home tours booked',
      '75% lower cost per booked tour',
      'Conversations averaging 30 minutes with serious buyers',
      'Lead-to-tour rate up from 12% to 37%',
    ],
    testimonial:
      'The agents know our floor plans better than some of our new hires, and they never miss a weekend lead.',
    testimonialAuthor: 'Megan Park, Director of Sales, Summit Homes',
  },
};
