import type { MasterLoginInput, MasterLoginResponse } from '@plotbook/domain';
import { useMutation } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

export function masterLogin(input: MasterLoginInput): Promise<MasterLoginResponse> {
  return api.post<MasterLoginResponse>('/master/login', input, { isAuthCall: true });
}

export function useMasterLogin() {
  return useMutation({ mutationFn: masterLogin });
}
