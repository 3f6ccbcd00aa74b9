import type { MessageResponse } from '@plotbook/domain';
import { useMutation } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

/** The email travels as a query parameter with no body, as the spec's call table says. */
export function forgotPassword(email: string): Promise<MessageResponse> {
  return api.post<MessageResponse>('/forgot-password', undefined, { query: { email }, isAuthCall: true });
}

export function useForgotPassword() {
  return useMutation({ mutationFn: forgotPassword });
}
