import type { CreateTenantAdminInput } from '@plotbook/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { platformKeys } from './keys';

export interface CreatedTenantAdmin {
  tenantId: string;
  id: number;
  message: string;
}

export function createTenantAdmin(input: CreateTenantAdminInput): Promise<CreatedTenantAdmin> {
  return api.post<CreatedTenantAdmin>('/admin/tenant-admins', input);
}

export function useCreateTenantAdmin() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createTenantAdmin,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: platformKeys.tenantAdmins }),
  });
}
