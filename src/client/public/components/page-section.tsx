import type { ReactNode } from 'react';
import { clsx } from 'clsx';
import { SectionHeading, type SectionHeadingProps } from './section-heading';

const WIDTHS = { '4xl': 'max-w-4xl', '5xl': 'max-w-5xl', '7xl': 'max-w-7xl' } as const;
/** The band's background; a dark band gets the heading's dark tone. */
const BANDS = { white: 'bg-white', muted: 'bg-slate-50', dark: 'bg-ink' } as const;

/**
 * A band of a page: the full-width background, the centred container and the band's heading,
 * which labels it for assistive technology (`<id>-title`). `deferRender`: a band below the fold
 * whose rendering the browser may skip until it nears the viewport.
 */
export function PageSection({
  id,
  band,
  deferRender = false,
  width = '7xl',
  children,
  ...heading
}: Omit<SectionHeadingProps, 'id' | 'tone'> & {
  id: string;
  band: keyof typeof BANDS;
  deferRender?: boolean;
  width?: keyof typeof WIDTHS;
  children: ReactNode;
}) {
  return (
    <section
      aria-labelledby={`${id}-title`}
      className={clsx('py-20', BANDS[band], deferRender && 'defer-render')}
    >
      <div className={clsx('mx-auto px-4 sm:px-6 lg:px-8', WIDTHS[width])}>
        <SectionHeading id={`${id}-title`} tone={band === 'dark' ? 'dark' : 'light'} {...heading} />
        {children}
      </div>
    </section>
  );
}
