import type { AuditEntity, AuditEntryDto } from '@plotbook/domain';
import { usePagedList } from '@/components/data-table/use-paged-list';
import { auditKeys } from '@/lib/query-keys';

/** One record's trail (any user may read it), newest first; fetched only while `enabled` (its drawer is open). */
export function useRecordHistory(entity: AuditEntity, entityId: number, enabled: boolean) {
  return usePagedList<AuditEntryDto>({
    queryKey: auditKeys.record(entity, entityId),
    path: '/audit',
    query: { entity, entityId },
    pageSize: 50,
    enabled,
  });
}
