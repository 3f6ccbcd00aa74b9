import type { DevelopmentDto } from '@plotbook/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { contributionKeys, dashboardKeys } from '@/lib/query-keys';

export interface ContributionUpdate {
  developmentId: number;
  particular: string;
  amount: number;
  partnerId: number;
  category: string;
  /** Why an entry recorded before today is changed (the server asks for it then). */
  reason?: string;
}

export function updateContribution(update: ContributionUpdate): Promise<DevelopmentDto> {
  return api.post<DevelopmentDto>('/partnercontribution/update', update);
}

export function useUpdateContribution() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateContribution,
    onSuccess: () => {
      queryClient.invalidateQueries({ queryKey: contributionKeys.all });
      queryClient.invalidateQueries({ queryKey: dashboardKeys.all });
    },
  });
}
