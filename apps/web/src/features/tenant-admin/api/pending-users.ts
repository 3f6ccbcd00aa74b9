import type { MessageResponse, PendingUser } from '@plotbook/domain';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { tenantAdminAreaKeys } from './keys';

export function getPendingUsers(): Promise<PendingUser[]> {
  return api.get<PendingUser[]>('/tenant-admin/pending-users');
}

export function getPendingUsersQueryOptions() {
  return queryOptions({ queryKey: tenantAdminAreaKeys.pendingUsers(), queryFn: getPendingUsers });
}

export function usePendingUsers() {
  return useQuery(getPendingUsersQueryOptions());
}

export function approveUser(id: number): Promise<MessageResponse> {
  return api.post<MessageResponse>(`/tenant-admin/users/${id}/approve`);
}

export function rejectUser(id: number): Promise<MessageResponse> {
  return api.post<MessageResponse>(`/tenant-admin/users/${id}/reject`);
}

/** Approving or rejecting changes the pending list, the users list and the dashboard's counts. */
export function useDecideUser() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, decision }: { id: number; decision: 'approve' | 'reject' }) =>
      decision === 'approve' ? approveUser(id) : rejectUser(id),
    onSettled: () => queryClient.invalidateQueries({ queryKey: tenantAdminAreaKeys.all }),
  });
}
