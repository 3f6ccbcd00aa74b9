export const tenantKeys = {
  all: ['tenants'] as const,
  users: (tenantId: string) => [...tenantKeys.all, tenantId, 'users'] as const,
};
