import type { CreateTenantUserInput, MessageResponse } from '@plotbook/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { tenantAdminAreaKeys } from './keys';

export function createUser(input: CreateTenantUserInput): Promise<MessageResponse> {
  return api.post<MessageResponse>('/tenant-admin/users', input);
}

/** The users list and the dashboard's counts both change. */
export function useCreateUser() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createUser,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: tenantAdminAreaKeys.all }),
  });
}
