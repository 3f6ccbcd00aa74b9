export const siteKeys = {
  site: ['site'] as const,
};
