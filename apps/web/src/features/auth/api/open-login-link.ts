import type { LoginLinkInput, MessageResponse } from '@plotbook/domain';
import { useMutation } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

/** Opens a mailed sign-in link (POST, so a mail scanner fetching the page's address allows nothing). */
export function openLoginLink(input: LoginLinkInput): Promise<MessageResponse> {
  return api.post<MessageResponse>('/login-link', input, { isAuthCall: true });
}

export function useOpenLoginLink() {
  return useMutation({ mutationFn: openLoginLink });
}
