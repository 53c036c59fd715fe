import type { ReactNode } from 'react';
import { clsx } from 'clsx';

/** A card-grid item that fades up 50 ms after the one before it. */
export function FadeUpItem({
  index,
  className,
  children,
}: {
  index: number;
  className?: string;
  children: ReactNode;
}) {
  return (
    <li
      className={clsx('animate-fade-up', className)}
      style={{ animationDelay: `${index * 50}ms` }}
    >
      {children}
    </li>
  );
}
