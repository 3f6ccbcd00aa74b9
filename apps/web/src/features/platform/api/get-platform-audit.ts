import type { PlatformAuditAction, PlatformAuditEntryDto } from '@plotbook/domain';
import { usePagedList } from '@/components/data-table';
import { platformKeys } from './keys';

/** The Platform trail's filters: an action and days (India's), `YYYY-MM-DD`; empty = any. */
export interface PlatformAuditFilters {
  action: PlatformAuditAction | '';
  from: string;
  to: string;
}

/** The platform's trail, newest first, 100 rows a page, searched and filtered on the server. */
export function usePlatformAudit(filters: PlatformAuditFilters) {
  return usePagedList<PlatformAuditEntryDto>({
    queryKey: platformKeys.audit(filters),
    path: '/platform/audit',
    query: { action: filters.action || undefined, from: filters.from || undefined, to: filters.to || undefined },
    pageSize: 100,
  });
}
