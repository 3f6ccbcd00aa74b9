import type { Role } from '@plotbook/domain';
import { queryOptions } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

export interface Me {
  userId: number;
  role: Role;
  tenantId: string | null;
  name: string;
  email: string;
}

export function getMe(): Promise<Me> {
  return api.get<Me>('/me');
}

export function getMeQueryOptions() {
  return queryOptions({ queryKey: ['me'] as const, queryFn: getMe });
}
