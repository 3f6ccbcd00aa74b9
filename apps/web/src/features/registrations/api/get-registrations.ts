import type { RegistrationDto } from '@plotbook/domain';
import { usePagedList } from '@/components/data-table';
import { registrationKeys } from './keys';

/** Every registration, a page at a time, searched on the server. */
export function useRegistrations() {
  return usePagedList<RegistrationDto>({ queryKey: registrationKeys.list(), path: '/registration' });
}
