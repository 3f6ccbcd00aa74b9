/**
 * Query keys shared by several features. Everything about one project sits under `projectKeys.one(id)` and every
 * project query under `projectKeys.all`, so invalidating a prefix refreshes what hangs below it. A feature's own
 * keys live in its `api/keys.ts`.
 */
export const projectKeys = {
  all: ['projects'] as const,
  list: () => [...projectKeys.all, 'list'] as const,
  allDetails: () => [...projectKeys.all, 'all-details'] as const,
  one: (projectId: number) => [...projectKeys.all, projectId] as const,
  detail: (projectId: number) => [...projectKeys.one(projectId), 'detail'] as const,
  plots: (projectId: number) => [...projectKeys.one(projectId), 'plots'] as const,
  partners: (projectId: number) => [...projectKeys.one(projectId), 'partners'] as const,
  activities: (projectId: number) => [...projectKeys.one(projectId), 'activities'] as const,
};

/** The audit trail: every saved change adds rows to it, so every successful mutation marks it stale too. */
export const auditKeys = {
  all: ['audit'] as const,
  record: (entity: string, entityId: number) => [...auditKeys.all, 'record', entity, entityId] as const,
  list: (filters: Record<string, string | number | undefined>) => [...auditKeys.all, 'list', filters] as const,
};

export const dashboardKeys = {
  all: ['dashboard'] as const,
};

/**
 * Figures summed over every entry of a project — the reports and Payment To Partner — beside the dashboard: any
 * saved change can move them, so every successful mutation marks them stale (see query-client.ts).
 */
export const summaryKeys = {
  reports: ['reports'] as const,
  partnerPayments: ['partner-payments'] as const,
};

/** Development contributions: the development screen adds rows that the contributions list shows. */
export const contributionKeys = {
  all: ['contributions'] as const,
  list: (projectId: number, plotId: number | null) => [...contributionKeys.all, projectId, plotId ?? 'all'] as const,
};

/** Platform lists that creating a tenant changes. */
export const demoRequestKeys = {
  all: ['demo-requests'] as const,
};

export const tenantAdminKeys = {
  all: ['tenant-admins'] as const,
};

/** Project Profile hangs below its project, so whatever refreshes a project refreshes its profile too. */
export const profileKeys = {
  one: (projectId: number, plotId: number | null) =>
    [...projectKeys.one(projectId), 'profile', plotId ?? 'all'] as const,
};

/** View Projects' lean list and one project's plot lines. */
export const projectSummaryKeys = {
  list: () => [...projectKeys.all, 'summaries'] as const,
  plots: (projectId: number) => [...projectKeys.one(projectId), 'plot-summaries'] as const,
};

/** The signed-in user's own account (Settings) and Help and Support's contacts. */
export const accountKeys = {
  all: ['account'] as const,
  profile: () => [...accountKeys.all, 'profile'] as const,
  contacts: () => [...accountKeys.all, 'contacts'] as const,
};
