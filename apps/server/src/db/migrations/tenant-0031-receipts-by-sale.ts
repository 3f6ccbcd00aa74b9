import type { Migration } from '../migrate.js';

/**
 * A sale's receipts by the sale (issue 20): the tax rules (TDS received, money before the agreement for sale), a
 * cancellation's and a cancelled sale's sums read a sale's receipts by `receipts.sale_id`, which had no index, so each
 * scanned the receipts (bench: /api/sale/1/schedule SQL p50 0.4 → 24 ms on 50,000 receipts).
 */
export const receiptsBySale: Migration = {
  name: '0031_receipts_by_sale',
  statements: (s) => [
    `create index receipts_sale_idx on ${s}.receipts (sale_id)`,
    // A sale's TDS (194-IA) lines: few among all lines, so the planner reads them from here, not the whole table.
    `create index receipt_lines_tds_idx on ${s}.receipt_line_rows (receipt_id) include (amount_paise, receipt_status, voided_at) where particular = 'TDS (194-IA)'`,
  ],
};
