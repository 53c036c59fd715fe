import { AlertTriangle, Inbox, Loader2, SearchX } from 'lucide-react';
import type { ReactNode } from 'react';

/** The product's loading line ('Loading contacts...'), announced politely to screen readers. */
export function LoadingState({ text }: { text: string }) {
  return (
    <div
      role="status"
      className="flex items-center justify-center gap-2 py-16 text-sm text-slate-600"
    >
      <Loader2 className="size-5 animate-spin motion-reduce:animate-none" aria-hidden />
      {text}
    </div>
  );
}

/** Empty or no-match state: a title, a hint, and an optional action. */
export function EmptyState({
  title,
  hint,
  filtered,
  action,
}: {
  title: string;
  hint?: string;
  filtered?: boolean;
  action?: ReactNode;
}) {
  const Icon = filtered ? SearchX : Inbox;
  return (
    <div className="flex flex-col items-center rounded-xl border border-dashed border-slate-300 bg-white px-6 py-14 text-center">
      <Icon className="mb-3 size-10 text-slate-400" aria-hidden />
      <h2 className="text-base font-semibold text-slate-900">{title}</h2>
      {hint && <p className="mt-1 max-w-sm text-sm text-slate-600">{hint}</p>}
      {action && <div className="mt-4">{action}</div>}
    </div>
  );
}

/** A failed load: says so, with the reason, instead of showing empty or made-up figures. */
export function ErrorState({ title, message }: { title: string; message?: string }) {
  return (
    <div
      role="alert"
      className="flex flex-col items-center rounded-xl border border-red-200 bg-red-50 px-6 py-10 text-center"
    >
      <AlertTriangle className="mb-2 size-8 text-red-700" aria-hidden />
      <h2 className="text-base font-semibold text-red-900">{title}</h2>
      {message && <p className="mt-1 text-sm text-red-800">{message}</p>}
    </div>
  );
}

/** A failed load inside a card or panel: one line with the reason ('Sessions could not be loaded: ...'). */
export function InlineLoadError({ what, message }: { what: string; message: string }) {
  return (
    <p role="alert" className="text-sm text-red-700">
      {what} could not be loaded: {message}
    </p>
  );
}
