import * as DialogPrimitive from '@radix-ui/react-dialog';
import { X } from 'lucide-react';
import type { ComponentProps } from 'react';
import { cn } from '../../lib/cn';
import { useReturnFocus } from '../../lib/return-focus';
import { withClasses } from './with-classes';

/** Radix Dialog with the house styles; Radix traps focus inside and restores it on close. */
export const Dialog = DialogPrimitive.Root;
export const DialogPortal = DialogPrimitive.Portal;

export const DialogOverlay = withClasses(
  DialogPrimitive.Overlay,
  'fixed inset-0 z-50 bg-ink/70 backdrop-blur-sm data-[state=open]:animate-[dialog-fade-in_150ms_ease-out]',
);

interface DialogContentProps extends ComponentProps<typeof DialogPrimitive.Content> {
  /** Accessible name of the corner close button. */
  closeLabel?: string;
  hideClose?: boolean;
}

export function DialogContent({
  className,
  children,
  closeLabel = 'Close',
  hideClose,
  onOpenAutoFocus,
  onCloseAutoFocus,
  ...props
}: DialogContentProps) {
  // Radix returns focus to a <DialogTrigger> only; controlled dialogs opened from a plain button
  // (a card, a table row) or a menu item would drop focus to <body>: go back to the opener.
  const focus = useReturnFocus(onOpenAutoFocus, onCloseAutoFocus);
  return (
    <DialogPortal>
      <DialogOverlay />
      <DialogPrimitive.Content
        className={cn(
          'fixed left-1/2 top-1/2 z-50 grid max-h-[90vh] w-[calc(100%-2rem)] max-w-lg -translate-x-1/2 -translate-y-1/2 gap-4 overflow-y-auto rounded-2xl border border-slate-200 bg-white p-6 text-slate-900 shadow-xl focus:outline-none data-[state=open]:animate-[dialog-zoom-in_150ms_ease-out]',
          className,
        )}
        {...props}
        {...focus}
      >
        {children}
        {!hideClose && (
          <DialogPrimitive.Close
            aria-label={closeLabel}
            className="absolute right-3 top-3 rounded-md p-1.5 text-slate-600 hover:bg-slate-100 hover:text-slate-900 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-primary"
          >
            <X className="size-5" aria-hidden />
          </DialogPrimitive.Close>
        )}
      </DialogPrimitive.Content>
    </DialogPortal>
  );
}

export const DialogHeader = withClasses('div', 'flex flex-col gap-1.5 pr-8 text-left');

export const DialogFooter = withClasses(
  'div',
  'flex flex-col-reverse gap-2 sm:flex-row sm:justify-end',
);

export const DialogTitle = withClasses(
  DialogPrimitive.Title,
  'text-xl font-bold tracking-tight text-slate-900',
);

export const DialogDescription = withClasses(DialogPrimitive.Description, 'text-sm text-slate-600');
