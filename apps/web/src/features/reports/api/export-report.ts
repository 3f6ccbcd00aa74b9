import { apiFile } from '@/lib/api-client';
import type { ReportQuery } from './get-report';

/** Hands a downloaded file to the browser under `fileName`. */
function saveFile(blob: Blob, fileName: string): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  link.rel = 'noopener';
  document.body.append(link);
  link.click();
  link.remove();
  // Let the download start before the address is revoked.
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}

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
