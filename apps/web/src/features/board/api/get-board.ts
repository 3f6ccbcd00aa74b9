import type { BoardDto } from '@plotbook/domain';
import { type QueryClient, queryOptions, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiGetIfChanged } from '@/lib/api-client';
import { boardKeys } from './keys';

/** A board as held by the screen: the answer and the ETag it came with, sent back as If-None-Match. */
export interface BoardCopy {
  board: BoardDto;
  etag: string | null;
}

/** How often an open board asks whether anything changed (the issue: every open board shows a change within 2 s). */
export const BOARD_POLL_MS = 2000;

/**
 * `GET /api/board/{projectId}` with the ETag of the copy held: a 304 keeps that copy (the same object, so nothing
 * re-renders), a 200 replaces it.
 */
export async function getBoard(queryClient: QueryClient, projectId: number, signal?: AbortSignal): Promise<BoardCopy> {
  const held = queryClient.getQueryData<BoardCopy>(boardKeys.one(projectId));
  const answer = await apiGetIfChanged<BoardDto>(`/board/${projectId}`, held?.etag ?? null, { signal });
  if (answer.notModified) {
    // A 304 without a copy cannot happen (no copy, no If-None-Match); ask again in full rather than show nothing.
    if (held) return held;
    const full = await apiGetIfChanged<BoardDto>(`/board/${projectId}`, null, { signal });
    if (full.notModified) throw new Error('The board could not be read.');
    return { board: full.data, etag: full.etag };
  }
  return { board: answer.data, etag: answer.etag };
}

export const getBoardQueryOptions = (queryClient: QueryClient, projectId: number) =>
  queryOptions({
    queryKey: boardKeys.one(projectId),
    queryFn: ({ signal }) => getBoard(queryClient, projectId, signal),
    // Polled: each check is cheap (304), and a check that fails is simply the next one.
    staleTime: 0,
    retry: false,
  });

/**
 * A project's board, kept live: asked again every 2 s while the page is visible (TanStack Query pauses the
 * interval while the tab is hidden) and at once when the window gets the focus back. A failed check keeps the last
 * board (`data`) beside the error, so the screen can say it is offline without going blank.
 */
export function useBoard(projectId: number | null) {
  const queryClient = useQueryClient();
  return useQuery({
    ...getBoardQueryOptions(queryClient, projectId ?? 0),
    enabled: projectId !== null,
    refetchInterval: BOARD_POLL_MS,
    refetchIntervalInBackground: false,
    refetchOnWindowFocus: 'always',
    refetchOnReconnect: 'always',
  });
}
