import type { LoginInput, LoginResponse } from '@plotbook/domain';
import { useMutation } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

export function login(input: LoginInput): Promise<LoginResponse> {
  return api.post<LoginResponse>('/login', input, { isAuthCall: true });
}

export function useLogin() {
  return useMutation({ mutationFn: login });
}
