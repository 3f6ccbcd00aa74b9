import type { MessageResponse } from '@plotbook/domain';
import { useMutation } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

export function resetUserPassword(id: number): Promise<MessageResponse> {
  return api.post<MessageResponse>(`/tenant-admin/users/${id}/reset-password`);
}

export function useResetUserPassword() {
  return useMutation({ mutationFn: resetUserPassword });
}
