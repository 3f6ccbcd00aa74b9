/** The plot board's query keys: one project's board sits under `boardKeys.all`; a hold or a sale refreshes it. */
export const boardKeys = {
  all: ['board'] as const,
  one: (projectId: number) => [...boardKeys.all, projectId] as const,
};
