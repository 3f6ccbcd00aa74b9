import type { CompanySettingsDto, UpdateCompanySettingsInput } from '@plotbook/domain';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

/**
 * The company's tax and cash rules of a plot sale (s.194-IA TDS, s.269SS cash, RERA s.13): Settings shows and sets
 * them, the receipt screen applies them before saving. Shared, so it lives here rather than in one feature.
 */
export const companySettingsKeys = { all: ['company-settings'] as const };

export const companySettingsQueryOptions = () =>
  queryOptions({
    queryKey: companySettingsKeys.all,
    queryFn: () => api.get<CompanySettingsDto>('/company-settings'),
    staleTime: 5 * 60_000,
  });

export function useCompanySettings() {
  return useQuery(companySettingsQueryOptions());
}

/** A tenant admin saves them; the answer is what is now in force. */
export function useSaveCompanySettings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: UpdateCompanySettingsInput) => api.put<CompanySettingsDto>('/company-settings', input),
    onSuccess: (saved) => queryClient.setQueryData(companySettingsKeys.all, saved),
  });
}
