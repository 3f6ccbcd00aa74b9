import type { MessageResponse, UnlockAccountInput } from '@plotbook/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { getLockedAccountsQueryOptions } from './get-locked-accounts';

export function unlockAccount(input: UnlockAccountInput): Promise<MessageResponse> {
  return api.post<MessageResponse>('/admin/locked-accounts/unlock', input);
}

export function useUnlockAccount() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: unlockAccount,
    onSettled: () => queryClient.invalidateQueries({ queryKey: getLockedAccountsQueryOptions().queryKey }),
  });
}
