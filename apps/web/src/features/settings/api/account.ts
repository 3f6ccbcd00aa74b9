import type {
  AccountProfileDto,
  ChangePasswordInput,
  HelpContactsDto,
  UpdateAccountProfileInput,
} from '@plotbook/domain';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { accountKeys } from '@/lib/query-keys';
import { getRole, getToken, getUser, saveSession } from '@/lib/session';
import { getMeQueryOptions, type Me } from './get-me';

export const accountProfileQueryOptions = () =>
  queryOptions({
    queryKey: accountKeys.profile(),
    queryFn: () => api.get<AccountProfileDto>('/settings/profile'),
  });

export function useAccountProfile() {
  return useQuery(accountProfileQueryOptions());
}

export function useSaveAccountProfile() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: UpdateAccountProfileInput) =>
      api.put<{ message: string; profile: AccountProfileDto }>('/settings/profile', input),
    onSuccess: ({ profile }) => {
      queryClient.setQueryData(accountKeys.profile(), profile);
      queryClient.setQueryData(getMeQueryOptions().queryKey, (me: Me | undefined) =>
        me ? { ...me, name: profile.userName } : me,
      );
      // The top bar shows the stored user's name (and follows the session, so it changes at once).
      const user = getUser();
      const token = getToken();
      if (user && token) saveSession({ token, role: getRole(), user: { ...user, userName: profile.userName } });
    },
  });
}

export function useChangePassword() {
  return useMutation({
    mutationFn: (input: ChangePasswordInput) =>
      api.post<{ message: string; token: string }>('/settings/password', input),
    // The change revokes older sign-ins; the answer's token keeps this one going.
    onSuccess: ({ token }) => saveSession({ token, role: getRole(), user: getUser() }),
  });
}

export function useHelpContacts() {
  return useQuery({
    queryKey: accountKeys.contacts(),
    queryFn: () => api.get<HelpContactsDto>('/help/contacts'),
  });
}
