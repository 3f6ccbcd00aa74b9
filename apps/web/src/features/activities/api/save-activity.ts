import type { ActivityDto, ActivityInput } from '@plotbook/domain';
import { type InfiniteData, useMutation, useQueryClient } from '@tanstack/react-query';
import { type ApiPage, api } from '@/lib/api-client';
import { activityKeys } from './keys';

/** Creates an activity, or updates it when `id` is given (the inline status change). */
export function saveActivity(input: ActivityInput): Promise<ActivityDto> {
  return api.post<ActivityDto>('/activity/save', input);
}

export function useCreateActivity(projectId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveActivity,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: activityKeys.list(projectId) }),
  });
}

/** The inline Active/Inactive change: shown at once, rolled back if the server refuses. */
export function useChangeActivityStatus(projectId: number) {
  const queryClient = useQueryClient();
  const queryKey = activityKeys.list(projectId);
  type Pages = InfiniteData<ApiPage<ActivityDto>, string | null>;
  return useMutation({
    mutationFn: ({ activity, status }: { activity: ActivityDto; status: ActivityDto['status'] }) =>
      saveActivity({ ...activity, status }),
    onMutate: async ({ activity, status }) => {
      await queryClient.cancelQueries({ queryKey });
      // Every loaded page of every search of this project's list.
      const previous = queryClient.getQueriesData<Pages>({ queryKey });
      queryClient.setQueriesData<Pages>({ queryKey }, (data) =>
        data
          ? {
              ...data,
              pages: data.pages.map((page) => ({
                ...page,
                rows: page.rows.map((a) => (a.id === activity.id ? { ...a, status } : a)),
              })),
            }
          : data,
      );
      return { previous };
    },
    onError: (_error, _variables, context) => {
      for (const [key, data] of context?.previous ?? []) queryClient.setQueryData(key, data);
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey }),
  });
}
