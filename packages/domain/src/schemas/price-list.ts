import { z } from 'zod';
import { FACINGS, PLOT_BOARD_STATES } from '../constants.js';
import { rupeesFromPaise } from './money.js';

/**
 * A project's price list (issue 21): `GET /api/project/{projectId}/price-list` answers an .xlsx of its plots (the
 * archived ones left out), by sector then plot order, each with its list rate, the price a sale starts from
 * (`plotListPricePaise`) and its state on the board (`plotBoardState`).
 */
export const priceListRowSchema = z.object({
  sector: z.string().nullable(),
  plotName: z.string(),
  plotNumber: z.string().nullable(),
  /** Area in sq ft. */
  size: z.number(),
  facing: z.enum(FACINGS).nullable(),
  corner: z.boolean(),
  /** The list rate per sq ft, when the plot has one. */
  listRate: rupeesFromPaise().nullable(),
  /** The plot's list price, else rate × size, else null. */
  listPrice: rupeesFromPaise().nullable(),
  state: z.enum(PLOT_BOARD_STATES),
});
export type PriceListRowDto = z.output<typeof priceListRowSchema>;
/** The server's side of `PriceListRowDto`: money in Paise. */
export type PriceListRowAnswer = z.input<typeof priceListRowSchema>;
export const priceListSchema = z.array(priceListRowSchema);

/** The price list's columns, in order. */
export const PRICE_LIST_HEADERS = [
  'Sector',
  'Plot',
  'Plot Number',
  'Size (sq ft)',
  'Facing',
  'Corner',
  'Rate per sq ft (₹)',
  'List Price (₹)',
  'State',
] as const;

/** The export's file name, as the reports' are named (`PlotReport_{projectId}`). */
export const priceListFileName = (projectId: number) => `PriceList_${projectId}.xlsx`;
