/** Every search and page of a project's purchases sits under `purchaseKeys.list(projectId)`. */
export const purchaseKeys = {
  all: ['purchases'] as const,
  list: (projectId: number) => [...purchaseKeys.all, projectId] as const,
};
