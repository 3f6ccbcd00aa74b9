import type { AuditAction, AuditEntity, AuditEntryDto } from '@plotbook/domain';
import { type PagedListOptions, usePagedList } from '@/components/data-table/use-paged-list';
import { auditKeys } from '@/lib/query-keys';

/** The Audit page's filters (all optional): days from..to (India time), a user, a record type, an action. */
export interface AuditFilters {
  from?: string;
  to?: string;
  userId?: number;
  entity?: AuditEntity;
  action?: AuditAction;
}

export const auditListOptions = (filters: AuditFilters): PagedListOptions => ({
  queryKey: auditKeys.list({ ...filters }),
  path: '/audit',
  query: { ...filters },
  pageSize: 50,
});

/** The whole trail (tenant admins), newest first, a page at a time, searched and filtered on the server. */
export function useAuditList(filters: AuditFilters) {
  return usePagedList<AuditEntryDto>(auditListOptions(filters));
}
