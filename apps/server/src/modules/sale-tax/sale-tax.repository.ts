import { type Paise, paise } from '@plotbook/domain';
import { sql } from 'kysely';
import type { TenantDb } from '../../db/tenancy.js';

export const TDS_PARTICULAR = 'TDS (194-IA)';

/**
 * Who "one buyer" is for the cash rule (s.269SS): the buyer the sale names, so their cash of one day over all their
 * plots counts together (the receipts of every sale naming that buyer); a sale naming no buyer is its own buyer.
 */
export interface CashBuyer {
  saleId: number;
}
const ofBuyer = (buyer: CashBuyer) => sql<boolean>`receipts.sale_id in (
  select other.id from sales other join sales this on this.id = ${buyer.saleId}
  where other.id = this.id or (this.buyer_id is not null and other.buyer_id = this.buyer_id))`;

/** Σ cash of the buyer's Completed and Pending receipt lines on each of `days` (`YYYY-MM-DD`), in paise. */
export async function cashOfBuyerOnDays(tdb: TenantDb, buyer: CashBuyer, days: readonly string[]) {
  const cash = new Map<string, Paise>();
  if (days.length === 0) return cash;
  const rows = await tdb
    .selectFrom('receipt_lines')
    .innerJoin('receipts', 'receipts.id', 'receipt_lines.receipt_id')
    .select(['receipt_lines.line_date', sql<string>`sum(receipt_lines.amount_paise)`.as('cash')])
    .where(ofBuyer(buyer))
    .where('receipt_lines.mode', '=', 'Cash')
    .where('receipt_lines.receipt_status', 'in', ['Completed', 'Pending'])
    .where('receipt_lines.line_date', 'in', [...days])
    .groupBy('receipt_lines.line_date')
    .execute();
  for (const row of rows) cash.set(row.line_date, paise(Number(row.cash)));
  return cash;
}

/** The sale's amount and its agreement for sale's registration date (RERA s.13). */
export async function findSaleAgreement(tdb: TenantDb, saleId: number) {
  const row = await tdb
    .selectFrom('sales')
    .select(['sale_amount_paise', 'agreement_date'])
    .where('id', '=', saleId)
    .executeTakeFirst();
  return row ? { salePaise: row.sale_amount_paise, agreementDate: row.agreement_date } : undefined;
}

/** Σ the sale's Completed and Pending receipt lines dated before `agreementDate` (all of them when null). */
export async function receivedBeforeAgreement(tdb: TenantDb, saleId: number, agreementDate: string | null) {
  let query = tdb
    .selectFrom('receipt_lines')
    .innerJoin('receipts', 'receipts.id', 'receipt_lines.receipt_id')
    .select(sql<string>`coalesce(sum(receipt_lines.amount_paise), 0)`.as('total'))
    .where('receipts.sale_id', '=', saleId)
    .where('receipt_lines.receipt_status', 'in', ['Completed', 'Pending']);
  if (agreementDate) query = query.where('receipt_lines.line_date', '<', agreementDate);
  const row = await query.executeTakeFirst();
  return paise(Number(row?.total ?? 0));
}

/** Σ the sale's Completed 'TDS (194-IA)' lines (or of the receipts of `statuses`: Pending ones are TDS taken too). */
export async function tdsReceivedOfSale(
  tdb: TenantDb,
  saleId: number,
  statuses: readonly ('Completed' | 'Pending')[] = ['Completed'],
): Promise<Paise> {
  const row = await tdb
    .selectFrom('receipt_lines')
    .innerJoin('receipts', 'receipts.id', 'receipt_lines.receipt_id')
    .select(sql<string>`coalesce(sum(receipt_lines.amount_paise), 0)`.as('total'))
    .where('receipts.sale_id', '=', saleId)
    .where('receipt_lines.particular', '=', TDS_PARTICULAR)
    .where('receipt_lines.receipt_status', 'in', statuses)
    .executeTakeFirst();
  return paise(Number(row?.total ?? 0));
}

/**
 * The project's active sales that may owe TDS (sale amount ≥ `thresholdPaise`) or hold TDS lines, each with Σ its
 * Completed TDS lines and how many of its live (Completed or Pending) TDS lines lack a certificate number.
 */
export async function listTdsSales(tdb: TenantDb, projectId: number, thresholdPaise: Paise) {
  const tds = tdb
    .selectFrom('receipt_lines')
    .innerJoin('receipts', 'receipts.id', 'receipt_lines.receipt_id')
    .select([
      'receipts.sale_id',
      sql<string>`coalesce(sum(receipt_lines.amount_paise) filter (where receipt_lines.receipt_status = 'Completed'), 0)`.as(
        'received',
      ),
      sql<string>`count(*) filter (where coalesce(btrim(receipt_lines.mode_detail), '') = '')`.as('missing'),
    ])
    .where('receipts.project_id', '=', projectId)
    .where('receipt_lines.particular', '=', TDS_PARTICULAR)
    .where('receipt_lines.receipt_status', 'in', ['Completed', 'Pending'])
    .groupBy('receipts.sale_id');
  const rows = await tdb
    .selectFrom('sales')
    .innerJoin('plots', 'plots.id', 'sales.plot_id')
    .leftJoin(tds.as('tds'), 'tds.sale_id', 'sales.id')
    // The buyer's record when the sale names one (as the sales listing reads it: a renamed buyer), else the sale's.
    .leftJoin('buyers', 'buyers.id', 'sales.buyer_id')
    .select([
      'sales.id',
      'sales.plot_id',
      'plots.plot_name',
      sql<string | null>`coalesce(buyers.name, sales.buyer_name)`.as('buyer_name'),
      'sales.sale_date',
      'sales.sale_amount_paise',
      'tds.received',
      'tds.missing',
    ])
    .where('sales.project_id', '=', projectId)
    .where('sales.status', '=', 'Active')
    .where((eb) => eb.or([eb('sales.sale_amount_paise', '>=', thresholdPaise), eb('tds.sale_id', 'is not', null)]))
    .orderBy('plots.id')
    .execute();
  return rows.map((r) => ({
    saleId: r.id,
    plotId: r.plot_id,
    plotName: r.plot_name,
    buyerName: r.buyer_name,
    saleDate: r.sale_date,
    salePaise: r.sale_amount_paise,
    tdsReceivedPaise: paise(Number(r.received ?? 0)),
    linesWithoutCertificate: Number(r.missing ?? 0),
  }));
}

/**
 * Σ Completed receipt lines of each active sale of the project dated before its agreement date (all when none), for
 * the sales with any: kept per sale by triggers (`sale_rera_money`, db/sql/rera-money.ts), so a listing reads one row
 * per sale instead of the project's lines.
 */
export async function receivedBeforeAgreementOfProject(tdb: TenantDb, projectId: number, saleId?: number) {
  const query = tdb
    .selectFrom('sale_rera_money as m')
    .innerJoin('sales', 'sales.id', 'm.sale_id')
    .select(['sales.id', 'sales.sale_amount_paise', 'm.before_agreement_paise'])
    .where('sales.project_id', '=', projectId)
    .where('sales.status', '=', 'Active')
    .where('m.before_agreement_paise', '>', paise(0));
  const rows = await (saleId === undefined ? query : query.where('sales.id', '=', saleId)).execute();
  return rows.map((r) => ({ saleId: r.id, salePaise: r.sale_amount_paise, beforePaise: r.before_agreement_paise }));
}
