import type { MessageResponse, TenantAdmin } from '@plotbook/domain';
import { useMutation } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

export function resetTenantAdminPassword(admin: Pick<TenantAdmin, 'tenantId' | 'id'>): Promise<MessageResponse> {
  return api.post<MessageResponse>(`/admin/tenant-admins/${admin.tenantId}/${admin.id}/reset-password`);
}

export function useResetTenantAdminPassword() {
  return useMutation({ mutationFn: resetTenantAdminPassword });
}
