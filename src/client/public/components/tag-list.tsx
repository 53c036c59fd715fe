import { clsx } from 'clsx';

export function TagList({ tags, className }: { tags: readonly string[]; className?: string }) {
  return (
    <ul className={clsx('flex flex-wrap gap-2', className)} aria-label="Tags">
      {tags.map((tag) => (
        <li
          key={tag}
          className="rounded-full bg-primary-50 px-3 py-1 text-xs font-semibold text-primary-700"
        >
          {tag}
        </li>
      ))}
    </ul>
  );
}
