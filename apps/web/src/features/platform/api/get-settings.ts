import type { PlatformSettings } from '@plotbook/domain';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { platformKeys } from './keys';

export function getSettings(): Promise<PlatformSettings> {
  return api.get<PlatformSettings>('/admin/settings');
}

export function getSettingsQueryOptions() {
  return queryOptions({ queryKey: platformKeys.settings, queryFn: getSettings });
}

export function useSettings() {
  return useQuery(getSettingsQueryOptions());
}
