import type { TenantUser } from '@plotbook/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { tenantAdminAreaKeys } from './keys';

export function setUserEnabled(id: number, enabled: boolean): Promise<TenantUser> {
  return api.patch<TenantUser>(`/tenant-admin/users/${id}`, { enabled });
}

export function useSetUserEnabled() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, enabled }: { id: number; enabled: boolean }) => setUserEnabled(id, enabled),
    onSettled: () => queryClient.invalidateQueries({ queryKey: tenantAdminAreaKeys.users() }),
  });
}
