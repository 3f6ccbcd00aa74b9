import type { TenantAdmin } from '@plotbook/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { platformKeys } from './keys';

export function setTenantAdminEnabled(admin: Pick<TenantAdmin, 'tenantId' | 'id'>, enabled: boolean) {
  return api.patch<TenantAdmin>(`/admin/tenant-admins/${admin.tenantId}/${admin.id}`, { enabled });
}

export function useSetTenantAdminEnabled() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ admin, enabled }: { admin: Pick<TenantAdmin, 'tenantId' | 'id'>; enabled: boolean }) =>
      setTenantAdminEnabled(admin, enabled),
    onSettled: () => queryClient.invalidateQueries({ queryKey: platformKeys.tenantAdmins }),
  });
}
