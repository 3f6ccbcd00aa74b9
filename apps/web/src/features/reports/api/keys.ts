/** Every report query sits under `reportKeys.all`; one report's under its path and query. */
export const reportKeys = {
  all: ['reports'] as const,
  report: (path: string, query: Record<string, string | number | undefined> = {}) =>
    [...reportKeys.all, path, query] as const,
};
