import { ApiError } from './api-client';

/** What each browser says when a lazily loaded chunk (or its CSS, through Vite's preload) could not be fetched. */
const CHUNK_LOAD_FAILURE =
  /dynamically imported module|Importing a module script failed|Unable to preload CSS|Failed to fetch|NetworkError|Load failed/i;

/** The request or the screen's code failed for the network (no answer at all), not because of what was asked. */
export function isNetworkFailure(error: unknown): boolean {
  if (error instanceof ApiError) return !error.hasResponse;
  return error instanceof Error && CHUNK_LOAD_FAILURE.test(error.message);
}

/** Said wherever a failure is the network's. */
export const UNREACHABLE_TITLE = 'Could not reach the server';
export const UNREACHABLE_MESSAGE = 'Check your connection, then press Retry.';

/** A short failure text for a field (a select's list): the network's failure says so, any other `fallback`. */
export function loadFailureText(error: unknown, fallback: string): string {
  return isNetworkFailure(error) ? `${UNREACHABLE_TITLE}.` : fallback;
}
