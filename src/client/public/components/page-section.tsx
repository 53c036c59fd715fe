import type { ReactNode } from 'react';
import { clsx } from 'clsx';
import { SectionHeading, type SectionHeadingProps } from './section-heading';

const WIDTHS = { '4xl': 'max-w-4xl', '5xl': 'max-w-5xl', '7xl': 'max-w-7xl' } as const;

/**
 * A band of a page: the full-width background (`className`), the centred container and the
 * band's heading, which labels it for assistive technology (`<id>-title`).
 */
export function PageSection({
  id,
  className,
  width = '7xl',
  children,
  ...heading
}: Omit<SectionHeadingProps, 'id'> & {
  id: string;
  className: string;
  width?: keyof typeof WIDTHS;
  children: ReactNode;
}) {
  return (
    <section aria-labelledby={`${id}-title`} className={className}>
      <div className={clsx('mx-auto px-4 sm:px-6 lg:px-8', WIDTHS[width])}>
        <SectionHeading id={`${id}-title`} {...heading} />
        {children}
      </div>
    </section>
  );
}
