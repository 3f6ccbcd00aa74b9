import type { ReminderResult } from '@plotbook/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { collectionKeys } from './get-overdue';

/** Mails the buyers of the chosen installments (one mail per buyer); the rows then show the reminder. */
export function useSendReminders() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (installmentIds: number[]) => api.post<ReminderResult>('/collections/reminders', { installmentIds }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: collectionKeys.all }),
  });
}
