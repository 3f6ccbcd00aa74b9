import type { OutboxMessage } from '@plotbook/domain';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { platformKeys } from './keys';

export function getOutbox(): Promise<OutboxMessage[]> {
  return api.get<OutboxMessage[]>('/admin/outbox');
}

/** Mail arrives while the screen is open (a new tenant, a password reset), so it is never fresh for long. */
export function getOutboxQueryOptions() {
  return queryOptions({ queryKey: platformKeys.outbox, queryFn: getOutbox, staleTime: 0 });
}

export function useOutbox() {
  return useQuery(getOutboxQueryOptions());
}
