import type { ReactNode } from 'react';

/** Label/value pairs for details dialogs; empty values read 'Not provided'. */
export function DetailList({
  items,
}: {
  items: readonly { label: string; value: ReactNode; wide?: boolean }[];
}) {
  return (
    <dl className="grid grid-cols-1 gap-x-6 gap-y-3 sm:grid-cols-2">
      {items.map((item) => (
        <div key={item.label} className={item.wide ? 'sm:col-span-2' : undefined}>
          <dt className="text-xs font-medium uppercase tracking-wide text-slate-500">
            {item.label}
          </dt>
          <dd className="mt-0.5 whitespace-pre-wrap wrap-anywhere text-sm text-slate-900">
            {item.value === null || item.value === undefined || item.value === '' ? (
              <span className="text-slate-500">Not provided</span>
            ) : (
              item.value
            )}
          </dd>
        </div>
      ))}
    </dl>
  );
}
