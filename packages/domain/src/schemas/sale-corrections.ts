import { z } from 'zod';
import { toPaise } from '../money.js';
import { createSaleSchema, type SaleEmiIssue, saleEmiIssues } from './sales.js';
import { reasonText } from './voids.js';

/**
 * Corrections of a sale (issue 20): `PUT /api/sale/{saleId}` with the sale form's fields and a required reason.
 * The fields are the create schema's (less the project and plot, which a correction does not move, and the figures
 * the server works out), so a field the sale gains comes along here too.
 */

export const CORRECTION_REASON_REQUIRED = 'Give a reason for correcting this sale';
export const SALE_CORRECTED_MESSAGE = 'Sale corrected.';

const { projectId: _projectId, plotId: _plotId, ...saleFields } = createSaleSchema.shape;

/** The EMI issues of a sale's figures as typed (the create schema's rules, `saleEmiIssues`). */
export function correctionEmiIssues(sale: {
  saleAmount: number;
  advanceAmount: number;
  visarpawatiAmount: number;
  emiDuration: number | null;
  emiDate: string | null;
  saleDate: string | null;
}): SaleEmiIssue[] {
  return saleEmiIssues({
    salePaise: toPaise(sale.saleAmount),
    advancePaise: toPaise(sale.advanceAmount),
    visarpawatiPaise: toPaise(sale.visarpawatiAmount),
    emiDuration: sale.emiDuration,
    emiDate: sale.emiDate,
    saleDate: sale.saleDate,
  });
}

/** `PUT /api/sale/{saleId}`: the whole sale as it should be, and why. A missing `saleDate` keeps the sale's date. */
export const updateSaleSchema = z.object({ ...saleFields, reason: reasonText }).superRefine((sale, ctx) => {
  if (!sale.reason) ctx.addIssue({ code: 'custom', path: ['reason'], message: CORRECTION_REASON_REQUIRED });
  if (sale.paymentType !== 'EMI') return;
  for (const issue of correctionEmiIssues(sale)) {
    ctx.addIssue({ code: 'custom', path: [issue.path], message: issue.message });
  }
});
export type UpdateSaleInput = z.input<typeof updateSaleSchema>;
export type UpdateSaleCommand = z.output<typeof updateSaleSchema>;
