import type { CollectionSettingsDto, UpdateCollectionSettingsInput } from '@plotbook/domain';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { collectionKeys } from './get-overdue';

export const collectionSettingsQueryOptions = () =>
  queryOptions({
    queryKey: [...collectionKeys.all, 'settings'] as const,
    queryFn: () => api.get<CollectionSettingsDto>('/collections/settings'),
  });

export const useCollectionSettings = () => useQuery(collectionSettingsQueryOptions());

/** A tenant admin saves them; the overdue list is read again (its interest column follows the setting). */
export function useSaveCollectionSettings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: UpdateCollectionSettingsInput) =>
      api.put<CollectionSettingsDto>('/collections/settings', input),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: collectionKeys.all }),
  });
}
