import { apiFile } from '@/lib/api-client';
import { saveFile } from '@/lib/save-file';
import type { ReportQuery } from './get-report';

/**
 * A report's Excel file: `GET <report path>/export` with the same query and the stored token, saved under the
 * server's file name (or `fallbackName`, the spec's).
 */
export async function exportReport(path: string, query: ReportQuery, fallbackName: string): Promise<string> {
  const { blob, fileName } = await apiFile(`${path}/export`, { query });
  const name = fileName ?? fallbackName;
  saveFile(blob, name);
  return name;
}
