import type { CreateTenantUserInput, MessageResponse } from '@plotbook/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { tenantAdminKeys } from '@/lib/query-keys';
import { tenantKeys } from './keys';

export function createTenantUser(tenantId: string, input: CreateTenantUserInput): Promise<MessageResponse> {
  return api.post<MessageResponse>(`/admin/tenants/${encodeURIComponent(tenantId)}/users`, input);
}

export function useCreateTenantUser() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ tenantId, input }: { tenantId: string; input: CreateTenantUserInput }) =>
      createTenantUser(tenantId, input),
    onSuccess: (_data, { tenantId }) =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: tenantKeys.users(tenantId) }),
        queryClient.invalidateQueries({ queryKey: tenantAdminKeys.all }),
      ]),
  });
}
