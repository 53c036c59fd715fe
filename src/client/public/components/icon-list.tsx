import { CheckCircle2, type LucideIcon } from 'lucide-react';

/** How the list sits: a service's features, a case study's results, on an ink card, or as tiles. */
const VARIANTS = {
  feature: {
    list: 'mt-4 space-y-3',
    item: 'flex gap-3 text-slate-700',
    icon: 'mt-1 size-5 shrink-0 text-accent-700',
  },
  result: {
    list: 'mt-2 space-y-2',
    item: 'flex gap-2 text-slate-700',
    icon: 'mt-1 size-4 shrink-0 text-accent-700',
  },
  dark: {
    list: 'mt-4 space-y-3',
    item: 'flex gap-3 text-slate-200',
    icon: 'mt-0.5 size-5 shrink-0 text-accent',
  },
  tiles: {
    list: 'mt-12 grid gap-4 sm:grid-cols-2 lg:grid-cols-4',
    item: 'flex gap-3 rounded-xl border border-slate-200 bg-white p-5 text-slate-800',
    icon: 'mt-0.5 size-5 shrink-0 text-accent-700',
  },
} as const;

/** Short points, each led by an icon (a check mark unless given). */
export function IconList({
  items,
  variant,
  icon: Icon = CheckCircle2,
}: {
  items: readonly string[];
  variant: keyof typeof VARIANTS;
  icon?: LucideIcon;
}) {
  const styles = VARIANTS[variant];
  return (
    <ul className={styles.list}>
      {items.map((item) => (
        <li key={item} className={styles.item}>
          <Icon className={styles.icon} aria-hidden />
          {item}
        </li>
      ))}
    </ul>
  );
}
