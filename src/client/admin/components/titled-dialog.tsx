import type { ReactNode } from 'react';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogHeader,
  DialogTitle,
} from '../../components/ui/dialog';

/**
 * A dialog that opens with its title and description (the form, details and secret dialogs of
 * the back office); its body, and a DialogFooter of buttons, are the children.
 */
export function TitledDialog({
  open = true,
  onClose,
  onOpenChange = (next) => {
    if (!next) onClose();
  },
  title,
  description,
  descriptionClassName,
  className,
  children,
}: {
  open?: boolean;
  onClose: () => void;
  /** Instead of closing on Escape, the overlay or the close button (e.g. to ask first). */
  onOpenChange?: (open: boolean) => void;
  title: ReactNode;
  description: ReactNode;
  descriptionClassName?: string;
  className?: string;
  children: ReactNode;
}) {
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent className={className}>
        <DialogHeader>
          <DialogTitle>{title}</DialogTitle>
          <DialogDescription className={descriptionClassName}>{description}</DialogDescription>
        </DialogHeader>
        {children}
      </DialogContent>
    </Dialog>
  );
}
