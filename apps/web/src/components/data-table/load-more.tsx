import { Button, Group, Text } from '@mantine/core';
import { useEffect, useRef } from 'react';
import type { DataTablePaging } from './types';

/** How far below the screen the end of a list may be when the next page starts loading. */
const PRELOAD_MARGIN = '600px 0px';

/**
 * The end of a server-paged list: the next page loads by itself as the user scrolls near it, and a
 * "Load more" button does the same for keyboard users (and where scrolling does not reach it).
 */
export function LoadMore({
  paging,
  loadedCount,
  noun = 'records',
}: {
  paging: Pick<DataTablePaging, 'hasMore' | 'isLoadingMore' | 'loadMore' | 'totalCount' | 'loadMoreError'>;
  loadedCount: number;
  noun?: string;
}) {
  const sentinel = useRef<HTMLDivElement>(null);
  const loadMore = useRef(paging.loadMore);
  loadMore.current = paging.loadMore;
  const { hasMore, isLoadingMore } = paging;

  useEffect(() => {
    const target = sentinel.current;
    // After a failed page, only the button tries again: scrolling must not hammer a failing server.
    const failed = Boolean(paging.loadMoreError);
    if (!hasMore || isLoadingMore || failed || !target || typeof IntersectionObserver === 'undefined') return;
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((entry) => entry.isIntersecting)) loadMore.current();
      },
      { rootMargin: PRELOAD_MARGIN },
    );
    observer.observe(target);
    return () => observer.disconnect();
  }, [hasMore, isLoadingMore, paging.loadMoreError]);

  if (!hasMore) return null;
  return (
    <Group justify="center" p="sm" ref={sentinel} data-testid="load-more">
      {paging.loadMoreError && !isLoadingMore ? (
        <Text size="sm" c="red" role="alert">
          The next rows could not be loaded: {paging.loadMoreError}. Press Load more to try again.
        </Text>
      ) : null}
      {/* On a phone the label wraps instead of being cut off. */}
      <Button
        variant="default"
        onClick={paging.loadMore}
        loading={isLoadingMore}
        maw="100%"
        h="auto"
        mih={36}
        py={6}
        styles={{ label: { whiteSpace: 'normal', textAlign: 'center' } }}
      >
        Load more ({loadedCount.toLocaleString('en-IN')} of {paging.totalCount.toLocaleString('en-IN')} {noun} shown)
      </Button>
    </Group>
  );
}
