import { Link } from 'wouter';
import { SITE } from '../content/site.content';
import { clsx } from 'clsx';

/** The wordmark (light, for the dark navbar and footer) linking home. */
export function SiteLogo({
  className,
  onNavigate,
}: {
  className?: string;
  onNavigate?: () => void;
}) {
  return (
    <Link
      href="/"
      onClick={onNavigate}
      className={clsx('inline-flex shrink-0 items-center rounded-md', className)}
    >
      <img src="/logo.svg" alt={SITE.product} width={148} height={32} className="h-8 w-auto" />
    </Link>
  );
}
