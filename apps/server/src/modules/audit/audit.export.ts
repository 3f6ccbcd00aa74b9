import { PassThrough } from 'node:stream';
import {
  AUDIT_ACTION_LABELS,
  AUDIT_ENTITY_LABELS,
  AUDIT_EXPORT_HEADERS,
  AUDIT_EXPORT_LIMIT,
  type AuditEntryDto,
  describeChanges,
} from '@plotbook/domain';
import { loadExcel } from '../../lib/excel.js';

/** India's offset (no daylight saving): a row's time is written as India's clock shows it. */
const INDIA_OFFSET_MS = 330 * 60_000;
const WHEN_FORMAT = 'dd/mm/yyyy hh:mm';
const WIDTHS = [18, 22, 14, 10, 14, 70, 40, 16, 38];

/** The instant as a date cell holding India's wall clock (Excel has no time zones). */
const indiaTime = (iso: string) => new Date(new Date(iso).getTime() + INDIA_OFFSET_MS);

/**
 * Writes the audit rows (newest first, changes in rupees as the API answers them) as an .xlsx with ExcelJS's
 * streaming writer, the way the report exports are written: a bold frozen header, then one row per change, its
 * changes as one text (`describeChanges`, the History drawer's words). When the trail held more rows than
 * `AUDIT_EXPORT_LIMIT`, a last bold row says that only the newest were written. Returns the stream to send.
 */
export async function auditWorkbook(rows: readonly AuditEntryDto[], truncated: boolean): Promise<PassThrough> {
  const { stream: excelStream } = await loadExcel();
  const stream = new PassThrough();
  const workbook = new excelStream.xlsx.WorkbookWriter({ stream, useStyles: true, useSharedStrings: false });
  const sheet = workbook.addWorksheet('Audit Trail', { views: [{ state: 'frozen', ySplit: 1 }] });
  sheet.columns = WIDTHS.map((width, i) => ({ width, style: i === 0 ? { numFmt: WHEN_FORMAT } : {} }));

  const header = sheet.addRow([...AUDIT_EXPORT_HEADERS]);
  header.font = { bold: true };
  header.commit();

  for (const row of rows) {
    // Every text is written as a string cell; ExcelJS makes a formula only from a { formula } object.
    sheet
      .addRow([
        indiaTime(row.at),
        row.userName ?? '',
        AUDIT_ENTITY_LABELS[row.entity] ?? row.entity,
        row.entityId,
        AUDIT_ACTION_LABELS[row.action] ?? row.action,
        describeChanges(row.changes, row.action),
        row.reason ?? '',
        row.clientAddress ?? '',
        row.requestId ?? '',
      ])
      .commit();
  }
  if (truncated) {
    const note = sheet.addRow([
      `Only the newest ${AUDIT_EXPORT_LIMIT.toLocaleString('en-IN')} rows are exported; narrow the days or filters for older ones.`,
    ]);
    note.font = { bold: true };
    note.commit();
  }

  sheet.commit();
  workbook.commit().catch((error: unknown) => stream.destroy(error as Error));
  return stream;
}
