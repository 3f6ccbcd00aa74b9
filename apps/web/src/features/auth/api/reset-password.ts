import type { MessageResponse, ResetPasswordInput } from '@plotbook/domain';
import { useMutation } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

export function resetPassword(input: ResetPasswordInput): Promise<MessageResponse> {
  return api.post<MessageResponse>('/resetPwd', input, { isAuthCall: true });
}

export function useResetPassword() {
  return useMutation({ mutationFn: resetPassword });
}
