import type { HoldDto } from '@plotbook/domain';
import { sql } from 'kysely';
import type { TenantDb } from '../../db/tenancy.js';

/** plot_holds' one writer and its reads (issue 21): a plot held for a buyer until `held_until`. */

/** A plot's open hold (live or expired but not yet closed), with its buyer's and holder's names. */
export interface OpenHold extends Omit<HoldDto, 'heldUntil'> {
  heldUntil: Date;
  projectId: number;
}

/** The hold as the answers give it. */
export const holdAnswer = ({ heldUntil, projectId: _p, ...hold }: OpenHold): HoldDto => ({
  ...hold,
  heldUntil: heldUntil.toISOString(),
});

const openHolds = (tdb: TenantDb) =>
  tdb
    .selectFrom('plot_holds')
    .innerJoin('buyers', 'buyers.id', 'plot_holds.buyer_id')
    .leftJoin('users', 'users.id', 'plot_holds.held_by')
    .select([
      'plot_holds.id as holdId',
      'plot_holds.plot_id as plotId',
      'plot_holds.project_id as projectId',
      'plot_holds.buyer_id as buyerId',
      'buyers.name as buyerName',
      'buyers.mobile as buyerMobile',
      'plot_holds.held_until as heldUntil',
      'plot_holds.held_by as heldBy',
      sql<string>`coalesce(users.user_name, '')`.as('heldByName'),
      'plot_holds.note',
    ])
    .where('plot_holds.ended_at', 'is', null);

/** The plot's open hold, if any (the caller holds the plot's row lock, so it cannot change meanwhile). */
export async function findOpenHold(tdb: TenantDb, plotId: number): Promise<OpenHold | undefined> {
  return openHolds(tdb).where('plot_holds.plot_id', '=', plotId).executeTakeFirst();
}

/** The company's live holds at `now`, soonest end first, with their project and plot, at most `limit`. */
export async function listLiveHolds(tdb: TenantDb, now: Date, limit: number) {
  return openHolds(tdb)
    .innerJoin('plots', 'plots.id', 'plot_holds.plot_id')
    .innerJoin('projects', 'projects.id', 'plot_holds.project_id')
    .select(['projects.project_name as projectName', 'plots.plot_name as plotName'])
    .where('plot_holds.held_until', '>', now)
    .orderBy('plot_holds.held_until')
    .orderBy('plot_holds.id')
    .limit(limit)
    .execute();
}

export interface NewHold {
  plotId: number;
  projectId: number;
  buyerId: number;
  note: string | null;
  heldFrom: Date;
  heldUntil: Date;
  heldBy: number;
}

/** A hold's columns as stored (the audit trail records them). */
export const holdColumns = (hold: NewHold) => ({
  plot_id: hold.plotId,
  project_id: hold.projectId,
  buyer_id: hold.buyerId,
  note: hold.note,
  held_from: hold.heldFrom.toISOString(),
  held_until: hold.heldUntil.toISOString(),
  held_by: hold.heldBy,
});

/** Stores holds (one open hold per plot: the unique index refuses a second); their ids, in order. */
export async function insertHolds(tdb: TenantDb, holds: readonly NewHold[]): Promise<number[]> {
  if (holds.length === 0) return [];
  const rows = await tdb
    .insertInto('plot_holds')
    .values(
      holds.map((hold) => ({
        plot_id: hold.plotId,
        project_id: hold.projectId,
        buyer_id: hold.buyerId,
        note: hold.note,
        held_from: hold.heldFrom,
        held_until: hold.heldUntil,
        held_by: hold.heldBy,
      })),
    )
    .returning('id')
    .execute();
  return rows.map((r) => r.id);
}

/** Ends an open hold: released, sold or expired, at `endedAt` by `endedBy` (null: by time). */
export async function endHold(
  tdb: TenantDb,
  holdId: number,
  end: { reason: 'released' | 'sold' | 'expired'; endedAt: Date; endedBy: number | null },
): Promise<void> {
  await tdb
    .updateTable('plot_holds')
    .set({ ended_at: end.endedAt, ended_by: end.endedBy, end_reason: end.reason })
    .where('id', '=', holdId)
    .where('ended_at', 'is', null)
    .execute();
}
