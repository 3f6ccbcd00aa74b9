import type { CreatedTenant, CreateTenantInput } from '@plotbook/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { demoRequestKeys, tenantAdminKeys } from '@/lib/query-keys';
import { tenantKeys } from './keys';

export function createTenant(input: CreateTenantInput): Promise<CreatedTenant> {
  return api.post<CreatedTenant>('/admin/create-tenant', input);
}

/** Creating a tenant may also complete a demo request, so demo requests refresh as well. */
export function useCreateTenant() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createTenant,
    onSuccess: async () => {
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: tenantKeys.all }),
        queryClient.invalidateQueries({ queryKey: demoRequestKeys.all }),
        queryClient.invalidateQueries({ queryKey: tenantAdminKeys.all }),
      ]);
    },
  });
}
