import { z } from 'zod';
import { positiveId } from './common.js';
import { rupeesFromPaise } from './money.js';

/**
 * `GET /api/project-profile?projectId&plotId`. A spec client sends `plotId=` (blank) when no plot is chosen:
 * blank, absent and null all mean the whole project.
 */
export const projectProfileQuerySchema = z.object({
  projectId: positiveId('Please select a project.'),
  plotId: z.preprocess(
    (v) => (v === '' || v === null ? undefined : v),
    positiveId('Plot must be a whole number above 0').optional(),
  ),
});
export type ProjectProfileQuery = z.input<typeof projectProfileQuerySchema>;

/** One line of Development Cost Details: an amount in rupees and its share of the total cost (2 decimals). */
export const costBreakdownItemSchema = z.object({
  label: z.string(),
  value: rupeesFromPaise(),
  percentage: z.number(),
});
export type CostBreakdownItem = z.output<typeof costBreakdownItemSchema>;
export type CostBreakdownItemAnswer = z.input<typeof costBreakdownItemSchema>;

/**
 * Project Profile (spec: totalCost, saleAmount, netProfit, profitMargin, costBreakdown) with the figures of
 * docs/design.md §7 (investment, amountReceived, pendingBalance, total). For a plot, costs are the plot's allocated cost.
 * Rupees throughout; profitMargin is a percentage with 2 decimals.
 */
export const projectProfileSchema = z.object({
  projectId: z.number(),
  projectName: z.string(),
  plotId: z.number().nullable(),
  plotName: z.string().nullable(),
  /** The plot's size, or the sum of the project's plot sizes (sq ft). */
  area: z.number(),
  /** Plots counted: 1 for a plot; the project's plots and how many of them are sold. */
  plotCount: z.number(),
  soldCount: z.number(),
  totalCost: rupeesFromPaise(),
  saleAmount: rupeesFromPaise(),
  /** Σ transfer fees charged on the active sales (a line of its own; counted in profit and owed). */
  transferFees: rupeesFromPaise(),
  /** "Forfeited on cancellations": Σ retained on cancelled sales, income in the profit (issue 20). */
  forfeited: rupeesFromPaise(),
  netProfit: rupeesFromPaise(),
  profitMargin: z.number(),
  landCost: rupeesFromPaise(),
  developmentCost: rupeesFromPaise(),
  costBreakdown: z.array(costBreakdownItemSchema),
  investment: rupeesFromPaise(),
  amountReceived: rupeesFromPaise(),
  pendingBalance: rupeesFromPaise(),
  total: rupeesFromPaise(),
});
export type ProjectProfileDto = z.output<typeof projectProfileSchema>;
/** The server's side of `ProjectProfileDto`: money in Paise (lib/serializer.ts writes it in rupees). */
export type ProjectProfileAnswer = z.input<typeof projectProfileSchema>;
