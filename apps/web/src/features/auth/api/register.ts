import type { RegisterInput } from '@plotbook/domain';
import { useMutation } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

export interface RegisterResponse {
  success: boolean;
  message: string;
}

export function register(tenantId: string, input: RegisterInput): Promise<RegisterResponse> {
  return api.post<RegisterResponse>(`/admin/tenants/${encodeURIComponent(tenantId)}/register`, input, {
    isAuthCall: true,
  });
}

export function useRegister(tenantId: string) {
  return useMutation({ mutationFn: (input: RegisterInput) => register(tenantId, input) });
}
