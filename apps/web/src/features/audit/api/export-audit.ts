import { apiFile } from '@/lib/api-client';
import { saveFile } from '@/lib/save-file';
import type { AuditFilters } from './get-audit';

/** The trail as an .xlsx file with the Audit page's filters and search (`GET /api/audit/export`); its file name. */
export async function exportAudit(filters: AuditFilters, q: string): Promise<string> {
  const { blob, fileName } = await apiFile('/audit/export', { query: { ...filters, q: q || undefined } });
  const name = fileName ?? 'audit-trail.xlsx';
  saveFile(blob, name);
  return name;
}
