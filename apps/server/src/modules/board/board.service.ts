import {
  type boardPlotSchema,
  type boardSchema,
  indiaDay,
  installmentState,
  isHoldLive,
  owedPaise,
  paise,
  plotBoardState,
  plotListPricePaise,
} from '@plotbook/domain';
import type { z } from 'zod';
import type { TenantDb } from '../../db/tenancy.js';
import { notFound } from '../../lib/app-error.js';
import { type BoardHead, type BoardPlotRow, findBoardHead, listBoardPlots } from './board.repository.js';
import { holdAnswer } from './holds.repository.js';

/**
 * GET /api/board/{projectId} (issue 21): every plot of a project with its state, and the ETag that lets a poll be
 * answered 304. The tag is the project's board version (raised at commit by every write the board shows,
 * db/sql/board.ts), the number of live holds (a hold expiring by time writes nothing) and today's date in India
 * (overdue flags turn with the date). It is read before the plots, so an answer is never older than its tag.
 */

/** The answers as the server builds them: money in paise (the serializer turns it into rupees). */
type BoardPlotAnswer = z.input<typeof boardPlotSchema>;
type BoardAnswer = z.input<typeof boardSchema>;

export async function boardHead(tdb: TenantDb, projectId: number, now: Date): Promise<BoardHead> {
  const head = await findBoardHead(tdb, projectId, now);
  if (!head) throw notFound('Project not found.');
  return head;
}

/** The board's ETag: weak (the answer is compressed or not), of the version, live holds and India's date. */
export const boardTag = (head: BoardHead, now: Date) => `W/"b${head.version}.${head.liveHolds}.${indiaDay(now)}"`;

/** Whether an If-None-Match header names the tag (weak comparison, RFC 9110 §13.1.2; `*` matches any). */
export function tagMatches(ifNoneMatch: string | undefined, tag: string): boolean {
  if (!ifNoneMatch) return false;
  const opaque = (t: string) => t.trim().replace(/^W\//, '');
  const wanted = opaque(tag);
  return ifNoneMatch.split(',').some((t) => t.trim() === '*' || opaque(t) === wanted);
}

/** One plot's tile: its state only from `plotBoardState`, fully paid and overdue by the app's own rules. */
export function boardPlot(row: BoardPlotRow, now: Date, today: string): BoardPlotAnswer {
  const sold = row.saleId !== null;
  const fullyPaid =
    sold &&
    row.receivedPaise >=
      owedPaise({ salePaise: row.salePaise ?? paise(0), transferFeePaise: row.transferFeePaise ?? paise(0) });
  const hold =
    row.holdId !== null && row.heldUntil !== null && isHoldLive({ endedAt: null, heldUntil: row.heldUntil }, now)
      ? holdAnswer({
          holdId: row.holdId,
          plotId: row.plotId,
          projectId: 0,
          buyerId: row.holdBuyerId ?? 0,
          buyerName: row.holdBuyerName ?? '',
          buyerMobile: row.holdBuyerMobile,
          heldUntil: row.heldUntil,
          heldBy: row.heldBy ?? 0,
          heldByName: row.heldByName ?? '',
          note: row.holdNote,
        })
      : null;
  const overdue =
    sold &&
    row.unpaidDueDate !== null &&
    installmentState(
      { dueDate: row.unpaidDueDate, amountPaise: row.unpaidAmountPaise ?? paise(0) },
      row.unpaidPaidPaise ?? paise(0),
      today,
    ) === 'overdue';
  return {
    plotId: row.plotId,
    plotName: row.plotName,
    plotNumber: row.plotNumber,
    size: row.size,
    sector: row.sector,
    facing: row.facing,
    corner: row.corner,
    listRate: row.listRatePaise,
    listPrice: plotListPricePaise({
      listPricePaise: row.listPricePaise,
      listRatePaise: row.listRatePaise,
      size: row.size,
    }),
    state: plotBoardState({
      sold,
      fullyPaid,
      registered: row.registered,
      hadCancelledSale: row.hadCancelledSale,
      held: hold !== null,
    }),
    saleId: row.saleId,
    buyerId: sold ? row.buyerId : null,
    buyerName: sold ? row.buyerName : null,
    overdue,
    hold,
  };
}

/** The board after its head: the project, its plan and every plot not archived, in plot order. */
export async function getBoard(tdb: TenantDb, head: BoardHead, now: Date): Promise<BoardAnswer> {
  const today = indiaDay(now);
  const rows = await listBoardPlots(tdb, head.projectId);
  return {
    projectId: head.projectId,
    projectName: head.projectName,
    plan:
      head.planKind && head.planUploadedAt
        ? { kind: head.planKind, uploadedAt: new Date(head.planUploadedAt).toISOString() }
        : null,
    asOf: now.toISOString(),
    plots: rows.map((row) => boardPlot(row, now, today)),
  };
}
