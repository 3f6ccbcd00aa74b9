import type { DevelopmentRowInput, SavedRows } from '@plotbook/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { contributionKeys, dashboardKeys } from '@/lib/query-keys';

/** All rows in one call: the server saves all of them or none. */
export function createDevelopment(rows: DevelopmentRowInput[], idempotencyKey: string): Promise<SavedRows> {
  return api.post<SavedRows>('/development', rows, { headers: { 'Idempotency-Key': idempotencyKey } });
}

export function useCreateDevelopment() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ rows, idempotencyKey }: { rows: DevelopmentRowInput[]; idempotencyKey: string }) =>
      createDevelopment(rows, idempotencyKey),
    onSuccess: () => {
      // The Partner Contribution screen lists these rows.
      queryClient.invalidateQueries({ queryKey: contributionKeys.all });
      queryClient.invalidateQueries({ queryKey: dashboardKeys.all });
    },
  });
}
