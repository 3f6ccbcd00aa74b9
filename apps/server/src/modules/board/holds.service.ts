import {
  formatIndiaDateTime,
  type HoldDto,
  type HoldsEndingSoonDto,
  type holdPayloadSchema,
  isHoldLive,
  plotLabel,
} from '@plotbook/domain';
import type { z } from 'zod';
import type { TenantDb } from '../../db/tenancy.js';
import { conflict, forbidden, notFound } from '../../lib/app-error.js';
import { changedFields, recordChange } from '../../lib/audit.js';
import { refuseArchived } from '../../lib/entry-rows.service.js';
import { saleBuyer } from '../buyers/sale-buyer.service.js';
import { isPlotSold, lockPlotForSale } from '../sales/plot-lock.service.js';
import {
  endHold,
  findOpenHold,
  holdAnswer,
  holdColumns,
  insertHolds,
  listLiveHolds,
  type OpenHold,
} from './holds.repository.js';

/**
 * Holds (issue 21): a plot held for a buyer for 1–30 days. One live hold per plot, taken under the plot's row lock (as
 * a sale is) and held by the database's unique index of open holds; a hold ends by itself when `held_until` passes
 * (read from the time, `isHoldLive`), and the next writer of the plot closes it ('expired', at its `held_until`).
 */

/** Who acts, and when (`app.now()`): the holder, or a tenant admin, may release a hold or sell a held plot. */
export interface Actor {
  userId: number;
  isAdmin: boolean;
  now: Date;
}

const DAY_MS = 24 * 60 * 60 * 1000;
export const ENDING_SOON_LIMIT = 10;
export const HOLD_RELEASED_MESSAGE = 'Hold released.';
export const NO_LIVE_HOLD_MESSAGE = 'This plot is not on hold.';
export const RELEASE_REFUSED_MESSAGE = 'Only the salesperson who holds this plot, or a company admin, can release it.';

/** "Plot 7 is held for Ravi Patil by Asha until 05/12/2026 14:30": whom for, by whom, until when (India's clock). */
export const heldMessage = (plotName: string, hold: Pick<OpenHold, 'buyerName' | 'heldByName' | 'heldUntil'>) =>
  `${plotLabel(plotName)} is held for ${hold.buyerName} by ${hold.heldByName || 'another user'} until ${formatIndiaDateTime(hold.heldUntil)}.`;

function recordEnd(tdb: TenantDb, hold: OpenHold, reason: 'released' | 'sold' | 'expired', endedAt: Date) {
  recordChange(tdb, {
    entity: 'hold',
    entityId: hold.holdId,
    action: 'release',
    changes: changedFields(null, { ended_at: endedAt.toISOString(), end_reason: reason }),
  });
}

/**
 * The plot's live hold at `now`, the caller holding the plot's row lock (`lockPlot`); an open hold whose time has
 * passed is closed first (ended at its `held_until`, 'expired'), so the unique index admits the next one.
 */
export async function liveHold(tdb: TenantDb, plotId: number, now: Date): Promise<OpenHold | undefined> {
  const open = await findOpenHold(tdb, plotId);
  if (!open) return undefined;
  if (isHoldLive({ endedAt: null, heldUntil: open.heldUntil }, now)) return open;
  await endHold(tdb, open.holdId, { reason: 'expired', endedAt: open.heldUntil, endedBy: null });
  recordEnd(tdb, open, 'expired', open.heldUntil);
  return undefined;
}

/**
 * The hold rule of a sale (createSale, under the plot's lock): a plot someone else holds is refused (409 naming the
 * buyer, the holder and until when) unless the seller holds it or is a tenant admin; then the sale ends the hold
 * ('sold') in its own transaction.
 */
export async function settleHoldForSale(tdb: TenantDb, plot: { id: number; plot_name: string }, seller: Actor) {
  const hold = await liveHold(tdb, plot.id, seller.now);
  if (!hold) return;
  if (hold.heldBy !== seller.userId && !seller.isAdmin) {
    throw conflict(`${heldMessage(plot.plot_name, hold)} Only they or a company admin can sell it.`, {
      plotId: 'This plot is on hold',
    });
  }
  await endHold(tdb, hold.holdId, { reason: 'sold', endedAt: seller.now, endedBy: seller.userId });
  recordEnd(tdb, hold, 'sold', seller.now);
}

/** POST /api/plot/{plotId}/hold: holds a plot for a buyer (found or created as a sale's is) for `days` days. */
export async function createHold(
  tdb: TenantDb,
  plotId: number,
  input: z.output<typeof holdPayloadSchema>,
  actor: Actor,
): Promise<HoldDto> {
  const plot = await lockPlotForSale(tdb, plotId);
  if (!plot) throw notFound('Plot not found.');
  await refuseArchived(tdb, { projectIds: [plot.project_id], plotIds: [plot.id] });
  if (await isPlotSold(tdb, plot.id)) {
    throw conflict(`${plotLabel(plot.plot_name)} is already sold; a sold plot cannot be held.`, {
      plotId: 'This plot is already sold',
    });
  }
  const held = await liveHold(tdb, plot.id, actor.now);
  if (held) throw conflict(heldMessage(plot.plot_name, held), { plotId: 'This plot is on hold' });
  const buyer = await saleBuyer(
    tdb,
    { buyerId: input.buyerId, buyerName: input.buyerName ?? null, buyerMobile: input.buyerMobile ?? null },
    actor.userId,
  );
  if (!buyer) throw notFound('Buyer not found.');
  const hold = {
    plotId: plot.id,
    projectId: plot.project_id,
    buyerId: buyer.id,
    note: input.note ?? null,
    heldFrom: actor.now,
    heldUntil: new Date(actor.now.getTime() + input.days * DAY_MS),
    heldBy: actor.userId,
  };
  const [holdId] = await insertHolds(tdb, [hold]);
  recordChange(tdb, {
    entity: 'hold',
    entityId: holdId ?? null,
    action: 'create',
    changes: changedFields(null, holdColumns(hold)),
  });
  const saved = await findOpenHold(tdb, plot.id);
  if (!saved) throw notFound('Hold not found.');
  return holdAnswer(saved);
}

/** DELETE /api/plot/{plotId}/hold: the holder or a tenant admin releases the plot's live hold. */
export async function releaseHold(tdb: TenantDb, plotId: number, actor: Actor): Promise<{ message: string }> {
  const plot = await lockPlotForSale(tdb, plotId);
  if (!plot) throw notFound('Plot not found.');
  const hold = await liveHold(tdb, plot.id, actor.now);
  if (!hold) throw notFound(NO_LIVE_HOLD_MESSAGE);
  if (hold.heldBy !== actor.userId && !actor.isAdmin) throw forbidden(RELEASE_REFUSED_MESSAGE);
  await endHold(tdb, hold.holdId, { reason: 'released', endedAt: actor.now, endedBy: actor.userId });
  recordEnd(tdb, hold, 'released', actor.now);
  return { message: HOLD_RELEASED_MESSAGE };
}

/** GET /api/holds/ending-soon: the company's live holds, soonest end first, at most ten. */
export async function holdsEndingSoon(tdb: TenantDb, now: Date): Promise<HoldsEndingSoonDto> {
  const rows = await listLiveHolds(tdb, now, ENDING_SOON_LIMIT);
  return {
    holds: rows.map(({ projectName, plotName, ...hold }) => ({
      ...holdAnswer(hold),
      projectName,
      plotName,
      projectId: hold.projectId,
    })),
  };
}
