import type { LockedAccount } from '@plotbook/domain';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { platformKeys } from './keys';

export function getLockedAccounts(): Promise<LockedAccount[]> {
  return api.get<LockedAccount[]>('/admin/locked-accounts');
}

/** Locks come and go with guessers and time, so the list is never fresh for long. */
export function getLockedAccountsQueryOptions() {
  return queryOptions({ queryKey: platformKeys.lockedAccounts, queryFn: getLockedAccounts, staleTime: 0 });
}

export function useLockedAccounts() {
  return useQuery(getLockedAccountsQueryOptions());
}
