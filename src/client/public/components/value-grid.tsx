import { Lightbulb, ShieldCheck, Target, Users, type LucideIcon } from 'lucide-react';
import type { ValueItem } from '../content/marketing.types';

const ICONS: LucideIcon[] = [Target, ShieldCheck, Users, Lightbulb];

/** Four values as cards (About and Careers both show four). */
export function ValueGrid({
  values,
  icons = ICONS,
}: {
  values: ValueItem[];
  icons?: LucideIcon[];
}) {
  return (
    <ul className="grid gap-6 sm:grid-cols-2 lg:grid-cols-4">
      {values.map((v, i) => {
        const Icon = icons[i % icons.length] ?? Target;
        return (
          <li key={v.title} className="rounded-2xl border border-slate-200 bg-white p-6 shadow-sm">
            <span className="inline-flex size-11 items-center justify-center rounded-xl bg-primary-50 text-primary">
              <Icon className="size-5" aria-hidden />
            </span>
            <h3 className="mt-4 text-lg font-semibold text-slate-900">{v.title}</h3>
            <p className="mt-2 text-slate-600">{v.description}</p>
          </li>
        );
      })}
    </ul>
  );
}
