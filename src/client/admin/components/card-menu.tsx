import { MoreHorizontal } from 'lucide-react';
import type { ReactNode } from 'react';
import { rememberMenuTrigger } from '../../lib/return-focus';
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuTrigger,
} from '../../components/ui/dropdown-menu';

/** The "..." menu of a card, labelled with what it is for ('Actions for Maya Patel'). */
export function CardMenu({ label, children }: { label: string; children: ReactNode }) {
  return (
    <DropdownMenu modal={false}>
      <DropdownMenuTrigger
        // A dialog opened from an item gives focus back here when it closes.
        onPointerDown={(e) => rememberMenuTrigger(e.currentTarget)}
        onKeyDown={(e) => rememberMenuTrigger(e.currentTarget)}
        aria-label={label}
        className="rounded-md p-1.5 text-slate-600 hover:bg-slate-100 hover:text-slate-900 focus-visible:outline-2 focus-visible:outline-primary"
      >
        <MoreHorizontal className="size-5" aria-hidden />
      </DropdownMenuTrigger>
      <DropdownMenuContent>{children}</DropdownMenuContent>
    </DropdownMenu>
  );
}
