import { z } from 'zod';
import { FACINGS, MAX_HOLD_DAYS, PLAN_KINDS, PLOT_BOARD_STATES } from '../constants.js';
import { id, optionalMobileNumber, optionalText } from './common.js';
import { rupeesFromPaise } from './money.js';

/**
 * The plot board's contract (issue 21): `GET /api/board/{projectId}` answers every plot of the project with its
 * state in one request; `POST /api/plot/{plotId}/hold` holds a plot for a buyer, `DELETE /api/plot/{plotId}/hold`
 * releases it. A plot's state is only `plotBoardState` (board.ts).
 */

export const HOLD_DAYS_MESSAGE = `A hold lasts 1 to ${MAX_HOLD_DAYS} days`;
export const HOLD_BUYER_MESSAGE = 'Choose the buyer, or enter their name and mobile';

/** Hold a plot: the buyer (`buyerId`, or `buyerName` + `buyerMobile`, found by mobile or created), days, a note. */
export const holdPayloadSchema = z
  .object({
    buyerId: id.nullish(),
    buyerName: optionalText(100),
    buyerMobile: optionalMobileNumber,
    // A number, or its digits as a form sends them; never a coerced `true`, `[3]` or `"1e1"`.
    days: z.preprocess(
      (v) => (typeof v === 'string' && /^\s*\d{1,3}\s*$/.test(v) ? Number(v) : v),
      z
        .number({ error: HOLD_DAYS_MESSAGE })
        .int(HOLD_DAYS_MESSAGE)
        .min(1, HOLD_DAYS_MESSAGE)
        .max(MAX_HOLD_DAYS, HOLD_DAYS_MESSAGE),
    ),
    note: optionalText(500),
  })
  .superRefine((hold, ctx) => {
    if (!hold.buyerId && !(hold.buyerName && hold.buyerMobile))
      ctx.addIssue({ code: 'custom', path: ['buyerId'], message: HOLD_BUYER_MESSAGE });
  });
export type HoldPayload = z.input<typeof holdPayloadSchema>;

/** A live hold as the board and the hold routes answer it. */
export const holdSchema = z.object({
  holdId: z.number(),
  plotId: z.number(),
  buyerId: z.number(),
  buyerName: z.string(),
  buyerMobile: z.string().nullable(),
  /** ISO time the hold ends by itself. */
  heldUntil: z.string(),
  heldBy: z.number(),
  heldByName: z.string(),
  note: z.string().nullable(),
});
export type HoldDto = z.output<typeof holdSchema>;

/** One plot of the board. */
export const boardPlotSchema = z.object({
  plotId: z.number(),
  plotName: z.string(),
  plotNumber: z.string().nullable(),
  /** Area in sq ft. */
  size: z.number(),
  sector: z.string().nullable(),
  facing: z.enum(FACINGS).nullable(),
  corner: z.boolean(),
  /** The list rate per sq ft, when the plot has one. */
  listRate: rupeesFromPaise().nullable(),
  /** The price to start a sale from: the plot's list price, else rate × size (`plotListPricePaise`), else null. */
  listPrice: rupeesFromPaise().nullable(),
  state: z.enum(PLOT_BOARD_STATES),
  /** The active sale (sold, paid, registered) and its buyer. */
  saleId: z.number().nullable(),
  buyerId: z.number().nullable(),
  buyerName: z.string().nullable(),
  /** An installment of the active sale is past its due date and not fully paid. */
  overdue: z.boolean(),
  hold: holdSchema.nullable(),
});
export type BoardPlotDto = z.output<typeof boardPlotSchema>;

export const boardSchema = z.object({
  projectId: z.number(),
  projectName: z.string(),
  /** The project's layout plan, if it has one (`GET /api/project/{projectId}/plan`). */
  plan: z.object({ kind: z.enum(PLAN_KINDS), uploadedAt: z.string() }).nullable(),
  /** When the server read the board (ISO time). */
  asOf: z.string(),
  plots: z.array(boardPlotSchema),
});
export type BoardDto = z.output<typeof boardSchema>;

/** `GET /api/holds/ending-soon`: the company's live holds, soonest end first (the dashboard's "Holds ending soon"). */
export const holdsEndingSoonSchema = z.object({
  holds: z.array(
    holdSchema.extend({
      projectId: z.number(),
      projectName: z.string(),
      plotName: z.string(),
    }),
  ),
});
export type HoldsEndingSoonDto = z.output<typeof holdsEndingSoonSchema>;
