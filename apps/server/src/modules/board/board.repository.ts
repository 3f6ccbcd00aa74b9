import type { Facing, Paise, PLAN_KINDS } from '@plotbook/domain';
import { sql } from 'kysely';
import type { TenantDb } from '../../db/tenancy.js';
import { fixedQuery } from '../../lib/fixed-query.js';
import { ACTIVE_SALE_OF_PLOT } from '../sales/sales.repository.js';

/**
 * The plot board's reads (issue 21): the head (the project, its plan and what the ETag is made of) and every plot
 * with what decides its state, each in one query whatever the number of plots.
 */

export interface BoardHead {
  projectId: number;
  projectName: string;
  /** When the project row was made: with the version, names one state of the board even across a company's reset. */
  createdAt: Date;
  planKind: (typeof PLAN_KINDS)[number] | null;
  planUploadedAt: Date | null;
  /** board_versions' counter (0 before the first write), raised at commit by db/sql/board.ts. */
  version: number;
  /** Open holds whose end is after `now`: one expiring by time changes the ETag though nothing was written. */
  liveHolds: number;
}

const head = fixedQuery((tdb: TenantDb, projectId: number, now: Date) =>
  tdb
    .selectFrom('projects')
    .leftJoin('project_plans', 'project_plans.project_id', 'projects.id')
    .select([
      'projects.id as projectId',
      'projects.project_name as projectName',
      'projects.created_at as createdAt',
      'project_plans.kind as planKind',
      'project_plans.uploaded_at as planUploadedAt',
      sql<number>`coalesce((select v.version from board_versions v where v.project_id = projects.id), 0)`.as('version'),
      sql<number>`(select count(*) from plot_holds h where h.project_id = projects.id and h.ended_at is null and h.held_until > ${now})::int`.as(
        'liveHolds',
      ),
    ])
    .where('projects.id', '=', projectId),
);

/** The project's board head, or undefined when the company has no such project. */
export async function findBoardHead(tdb: TenantDb, projectId: number, now: Date): Promise<BoardHead | undefined> {
  const [row] = await head(tdb, projectId, now);
  return row;
}

export interface BoardPlotRow {
  plotId: number;
  plotName: string;
  plotNumber: string | null;
  size: number;
  sector: string | null;
  facing: Facing | null;
  corner: boolean;
  listRatePaise: Paise | null;
  listPricePaise: Paise | null;
  saleId: number | null;
  salePaise: Paise | null;
  transferFeePaise: Paise | null;
  buyerId: number | null;
  buyerName: string | null;
  receivedPaise: Paise;
  registered: boolean;
  hadCancelledSale: boolean;
  /** The active sale's oldest installment not paid in full (the allocation pays oldest first), if any. */
  unpaidDueDate: string | null;
  unpaidAmountPaise: Paise | null;
  unpaidPaidPaise: Paise | null;
  /** The plot's open hold (live or past its end, not yet closed). */
  holdId: number | null;
  holdBuyerId: number | null;
  holdBuyerName: string | null;
  holdBuyerMobile: string | null;
  heldUntil: Date | null;
  heldBy: number | null;
  heldByName: string | null;
  holdNote: string | null;
}

/**
 * Every plot of a project that is not archived, in plot order, with its active sale (amount, transfer fees, buyer as
 * the sales listing names them), what it received (plot_money), its registration, whether a sale of it was
 * cancelled, its active sale's oldest unpaid installment and its open hold. One statement: index lookups per plot.
 */
const plots = fixedQuery((tdb: TenantDb, projectId: number) =>
  tdb
    .selectFrom('plots')
    .leftJoin('sales', (join) => join.on(ACTIVE_SALE_OF_PLOT))
    .leftJoin('buyers', 'buyers.id', 'sales.buyer_id')
    .leftJoin('plot_money', 'plot_money.plot_id', 'plots.id')
    .leftJoin('registrations', 'registrations.plot_id', 'plots.id')
    .leftJoin('plot_holds', (join) =>
      join.onRef('plot_holds.plot_id', '=', 'plots.id').on('plot_holds.ended_at', 'is', null),
    )
    .leftJoin('buyers as hold_buyers', 'hold_buyers.id', 'plot_holds.buyer_id')
    .leftJoin('users', 'users.id', 'plot_holds.held_by')
    .leftJoinLateral(
      (eb) =>
        eb
          .selectFrom('emi_installments as e')
          .select(['e.due_date', 'e.amount_paise', 'e.paid_paise'])
          .whereRef('e.sale_id', '=', 'sales.id')
          .whereRef('e.paid_paise', '<', 'e.amount_paise')
          .orderBy('e.installment_no')
          .limit(1)
          .as('unpaid'),
      (join) => join.onTrue(),
    )
    .select([
      'plots.id as plotId',
      'plots.plot_name as plotName',
      'plots.plot_number as plotNumber',
      'plots.total_plot_size as size',
      'plots.sector',
      'plots.facing',
      'plots.corner',
      'plots.list_rate_paise as listRatePaise',
      'plots.list_price_paise as listPricePaise',
      'sales.id as saleId',
      'sales.sale_amount_paise as salePaise',
      'sales.transfer_fee_paise as transferFeePaise',
      'sales.buyer_id as buyerId',
      // As the sales listing names a sale's buyer: the buyer's record, else what the sale was given.
      sql<string | null>`coalesce(buyers.name, sales.buyer_name)`.as('buyerName'),
      sql<Paise>`coalesce(plot_money.received_paise, 0)`.as('receivedPaise'),
      sql<boolean>`registrations.id is not null`.as('registered'),
      sql<boolean>`exists (select 1 from sales c where c.project_id = plots.project_id and c.status = 'Cancelled' and c.plot_id = plots.id)`.as(
        'hadCancelledSale',
      ),
      'unpaid.due_date as unpaidDueDate',
      'unpaid.amount_paise as unpaidAmountPaise',
      'unpaid.paid_paise as unpaidPaidPaise',
      'plot_holds.id as holdId',
      'plot_holds.buyer_id as holdBuyerId',
      'hold_buyers.name as holdBuyerName',
      'hold_buyers.mobile as holdBuyerMobile',
      'plot_holds.held_until as heldUntil',
      'plot_holds.held_by as heldBy',
      'users.user_name as heldByName',
      'plot_holds.note as holdNote',
    ])
    .where('plots.project_id', '=', projectId)
    .where('plots.archived_at', 'is', null)
    .orderBy('plots.id'),
);

export const listBoardPlots = (tdb: TenantDb, projectId: number): Promise<BoardPlotRow[]> =>
  plots(tdb, projectId) as Promise<BoardPlotRow[]>;
