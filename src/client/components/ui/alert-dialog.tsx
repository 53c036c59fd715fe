import * as AlertDialogPrimitive from '@radix-ui/react-alert-dialog';
import type { ComponentProps } from 'react';
import { cn } from '../../lib/cn';
import { useReturnFocus } from '../../lib/return-focus';
import { buttonVariants } from './button';
import { withClasses } from './with-classes';

/** Radix AlertDialog for confirmations: it cannot be dismissed by clicking outside. */
export const AlertDialog = AlertDialogPrimitive.Root;

export function AlertDialogContent({
  className,
  onOpenAutoFocus,
  onCloseAutoFocus,
  ...props
}: ComponentProps<typeof AlertDialogPrimitive.Content>) {
  // As DialogContent: focus goes back to the control (or the menu) that opened it.
  const focus = useReturnFocus(onOpenAutoFocus, onCloseAutoFocus);
  return (
    <AlertDialogPrimitive.Portal>
      <AlertDialogPrimitive.Overlay className="fixed inset-0 z-50 bg-ink/70 backdrop-blur-sm data-[state=open]:animate-[dialog-fade-in_150ms_ease-out]" />
      <AlertDialogPrimitive.Content
        className={cn(
          'fixed left-1/2 top-1/2 z-50 grid w-[calc(100%-2rem)] max-w-md -translate-x-1/2 -translate-y-1/2 gap-4 rounded-2xl border border-slate-200 bg-white p-6 text-slate-900 shadow-xl focus:outline-none data-[state=open]:animate-[dialog-zoom-in_150ms_ease-out]',
          className,
        )}
        {...props}
        {...focus}
      />
    </AlertDialogPrimitive.Portal>
  );
}

export const AlertDialogHeader = withClasses('div', 'flex flex-col gap-2 text-left');

/** The buttons' row, as in every dialog. */
export { DialogFooter as AlertDialogFooter } from './dialog';

export const AlertDialogTitle = withClasses(
  AlertDialogPrimitive.Title,
  'text-lg font-bold text-slate-900',
);

export const AlertDialogDescription = withClasses(
  AlertDialogPrimitive.Description,
  'text-sm text-slate-600',
);

export const AlertDialogAction = withClasses(
  AlertDialogPrimitive.Action,
  buttonVariants({ variant: 'destructive' }),
);

export const AlertDialogCancel = withClasses(
  AlertDialogPrimitive.Cancel,
  buttonVariants({ variant: 'secondary' }),
);
