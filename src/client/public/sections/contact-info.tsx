import { Clock, Mail, Phone, type LucideIcon } from 'lucide-react';
import { SITE } from '../content/site.content';
import { IconList } from '../components/icon-list';

const WHAT_TO_EXPECT = [
  '30-minute discovery call',
  'Custom solution walkthrough',
  'ROI projection and timeline',
  'Implementation roadmap',
];

/** One way to reach us: its icon, what it is, and the number or address as a link. */
function ContactLink({
  icon: Icon,
  label,
  href,
  text,
}: {
  icon: LucideIcon;
  label: string;
  href: string;
  text: string;
}) {
  return (
    <li className="flex gap-3">
      <Icon className="mt-1 size-5 shrink-0 text-primary" aria-hidden />
      <div>
        <p className="text-sm text-slate-600">{label}</p>
        <a href={href} className="rounded-sm font-semibold text-slate-900 hover:text-primary">
          {text}
        </a>
      </div>
    </li>
  );
}

export function ContactInfo() {
  return (
    <div className="space-y-6">
      <div className="rounded-2xl border border-slate-200 bg-white p-6 shadow-sm">
        <h2 className="text-lg font-semibold text-slate-900">Talk to us directly</h2>
        <ul className="mt-4 space-y-4">
          <ContactLink icon={Phone} label="Toll-free" href={SITE.phoneHref} text={SITE.phone} />
          <ContactLink icon={Mail} label="Email" href={`mailto:${SITE.email}`} text={SITE.email} />
          <li className="flex gap-3">
            <Clock className="mt-1 size-5 shrink-0 text-primary" aria-hidden />
            <div>
              <p className="text-sm text-slate-600">Response time</p>
              <p className="font-semibold text-slate-900">Instant AI reply, 24/7</p>
              <p className="text-sm text-slate-600">
                A strategist confirms your call within 1 business hour (Mon-Fri, 8 a.m.-6 p.m. ET).
              </p>
            </div>
          </li>
        </ul>
      </div>
      <div className="rounded-2xl bg-ink p-6 text-white">
        <h2 className="text-lg font-semibold">What to Expect</h2>
        <IconList items={WHAT_TO_EXPECT} variant="dark" />
      </div>
    </div>
  );
}
