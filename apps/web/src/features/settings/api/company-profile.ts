import type { CompanyProfileDto, UpdateCompanyProfileInput } from '@plotbook/domain';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, apiFile } from '@/lib/api-client';

const keys = { profile: ['company-profile'] as const, logo: ['company-profile', 'logo'] as const };

/** Company Profile: the letterhead of the receipts, statements and allotment letters, and the receipt prefix. */
export const companyProfileQueryOptions = () =>
  queryOptions({ queryKey: keys.profile, queryFn: () => api.get<CompanyProfileDto>('/company-profile') });

export function useCompanyProfile() {
  return useQuery(companyProfileQueryOptions());
}

/** The logo as an object URL for the preview (null when there is none). */
export function useCompanyLogo(logoType: string | null | undefined) {
  return useQuery({
    queryKey: [...keys.logo, logoType],
    enabled: Boolean(logoType),
    queryFn: async () => URL.createObjectURL((await apiFile('/company-profile/logo')).blob),
  });
}

export function useSaveCompanyProfile() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: UpdateCompanyProfileInput) => api.put<CompanyProfileDto>('/company-profile', input),
    onSuccess: (saved) => {
      queryClient.setQueryData(keys.profile, saved);
      return queryClient.invalidateQueries({ queryKey: keys.logo });
    },
  });
}
