import type { ActivityDto, ActivityInput } from '@plotbook/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { getActivitiesQueryOptions } from './get-activities';

/** Creates an activity, or updates it when `id` is given (the inline status change). */
export function saveActivity(input: ActivityInput): Promise<ActivityDto> {
  return api.post<ActivityDto>('/activity/save', input);
}

export function useCreateActivity(projectId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveActivity,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: getActivitiesQueryOptions(projectId).queryKey }),
  });
}

/** The inline Active/Inactive change: shown at once, rolled back if the server refuses. */
export function useChangeActivityStatus(projectId: number) {
  const queryClient = useQueryClient();
  const { queryKey } = getActivitiesQueryOptions(projectId);
  return useMutation({
    mutationFn: ({ activity, status }: { activity: ActivityDto; status: ActivityDto['status'] }) =>
      saveActivity({ ...activity, status }),
    onMutate: async ({ activity, status }) => {
      await queryClient.cancelQueries({ queryKey });
      const previous = queryClient.getQueryData(queryKey);
      queryClient.setQueryData(queryKey, (rows) => rows?.map((a) => (a.id === activity.id ? { ...a, status } : a)));
      return { previous };
    },
    onError: (_error, _variables, context) => {
      if (context?.previous) queryClient.setQueryData(queryKey, context.previous);
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey }),
  });
}
