import type { RegistrationInput, RegistrationSaved } from '@plotbook/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { dashboardKeys, projectKeys } from '@/lib/query-keys';
import { registrationKeys } from './keys';

export function createRegistration(input: RegistrationInput, idempotencyKey: string): Promise<RegistrationSaved> {
  return api.post<RegistrationSaved>('/registration', input, { headers: { 'Idempotency-Key': idempotencyKey } });
}

export function useCreateRegistration() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ input, idempotencyKey }: { input: RegistrationInput; idempotencyKey: string }) =>
      createRegistration(input, idempotencyKey),
    onSuccess: () => {
      queryClient.invalidateQueries({ queryKey: registrationKeys.all });
      // The plot is registered now: plot lists and the dashboard's counts change.
      queryClient.invalidateQueries({ queryKey: projectKeys.all });
      queryClient.invalidateQueries({ queryKey: dashboardKeys.all });
    },
  });
}
