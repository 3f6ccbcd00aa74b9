import type { MessageResponse, VerifyEmailInput } from '@plotbook/domain';
import { useMutation } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

/** Opens a registration mail's link (POST, so a mail scanner fetching the page's address verifies nothing). */
export function verifyEmail(input: VerifyEmailInput): Promise<MessageResponse> {
  return api.post<MessageResponse>('/verify-email', input, { isAuthCall: true });
}

export function useVerifyEmail() {
  return useMutation({ mutationFn: verifyEmail });
}
