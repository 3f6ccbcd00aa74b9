import type { CreateTenantInput, Tenant } from '@plotbook/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { getTenantsQueryOptions } from './get-tenants';

export function createTenant(input: CreateTenantInput): Promise<Tenant> {
  return api.post<Tenant>('/admin/create-tenant', input);
}

/** Creating a tenant may also complete a demo request, so demo requests refresh as well. */
export function useCreateTenant() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createTenant,
    onSuccess: async () => {
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: getTenantsQueryOptions().queryKey }),
        queryClient.invalidateQueries({ queryKey: ['demo-requests'] }),
        queryClient.invalidateQueries({ queryKey: ['tenant-admins'] }),
      ]);
    },
  });
}
