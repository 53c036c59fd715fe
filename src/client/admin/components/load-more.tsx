import { Button } from '../../components/ui/button';

/** The "Load more" button under a cursor-paged list (an infinite query); nothing on the last page. */
export function LoadMore({
  pages,
  className = 'mt-4',
}: {
  pages: { hasNextPage: boolean; isFetchingNextPage: boolean; fetchNextPage: () => unknown };
  className?: string;
}) {
  if (!pages.hasNextPage) return null;
  return (
    <div className={`${className} flex justify-center`}>
      <Button
        variant="secondary"
        disabled={pages.isFetchingNextPage}
        onClick={() => void pages.fetchNextPage()}
      >
        {pages.isFetchingNextPage ? 'Loading more...' : 'Load more'}
      </Button>
    </div>
  );
}
