import { priceListFileName } from '@plotbook/domain';
import { apiFile } from '@/lib/api-client';
import { saveFile } from '@/lib/save-file';

/** A project's price list as an .xlsx (`GET /api/project/{projectId}/price-list`), saved; answers its file name. */
export async function exportPriceList(projectId: number): Promise<string> {
  const { blob, fileName } = await apiFile(`/project/${projectId}/price-list`);
  const name = fileName ?? priceListFileName(projectId);
  saveFile(blob, name);
  return name;
}
