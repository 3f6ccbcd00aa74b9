import { apiFile } from '@/lib/api-client';
import { saveFile } from '@/lib/save-file';
import type { OverdueFilter } from './get-overdue';

/** The overdue list as .xlsx, as the screen shows it (project, as-of day and search); returns the file's name. */
export async function exportOverdue(filter: OverdueFilter, q: string): Promise<string> {
  const { blob, fileName } = await apiFile('/collections/overdue/export', {
    query: { projectId: filter.projectId ?? undefined, asOf: filter.asOf ?? undefined, q: q.trim() || undefined },
  });
  const name = fileName ?? 'Overdue.xlsx';
  saveFile(blob, name);
  return name;
}
