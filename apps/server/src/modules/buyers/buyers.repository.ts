import { type Paise, paise } from '@plotbook/domain';
import { type Selectable, sql } from 'kysely';
import type { TenantDb } from '../../db/tenancy.js';
import type { BuyersTable, CoBuyerJson } from '../../db/types.js';
import type { Page, PageRequest } from '../../lib/paging.js';
import { keysetPage, matchesSearch, takePage, toTotals, totalsSelection } from '../../lib/paging.repository.js';

/** A buyer as stored: PAN whole, Aadhaar's last 4 digits only. */
export interface BuyerValues {
  name: string;
  relativeName: string | null;
  mobile: string | null;
  alternateMobile: string | null;
  email: string | null;
  address: string | null;
  pan: string | null;
  aadhaarLast4: string | null;
  coBuyers: CoBuyerJson[];
  nominee: { name: string; relation: string | null } | null;
}

export interface BuyerRecord extends BuyerValues {
  id: number;
  createdAt: string;
}

/** A buyer's columns as stored (the audit trail records them). */
export const buyerColumns = (b: BuyerValues) => ({
  name: b.name,
  relative_name: b.relativeName,
  mobile: b.mobile,
  alternate_mobile: b.alternateMobile,
  email: b.email,
  address: b.address,
  pan: b.pan,
  aadhaar_last4: b.aadhaarLast4,
  co_buyers: b.coBuyers,
  nominee: b.nominee,
});

const writable = (b: BuyerValues) => ({
  ...buyerColumns(b),
  co_buyers: JSON.stringify(b.coBuyers),
  nominee: b.nominee === null ? null : JSON.stringify(b.nominee),
});

const toRecord = (r: Selectable<BuyersTable>): BuyerRecord => ({
  id: r.id,
  name: r.name,
  relativeName: r.relative_name,
  mobile: r.mobile,
  alternateMobile: r.alternate_mobile,
  email: r.email,
  address: r.address,
  pan: r.pan,
  aadhaarLast4: r.aadhaar_last4,
  coBuyers: r.co_buyers ?? [],
  nominee: r.nominee,
  createdAt: new Date(r.created_at).toISOString(),
});

/** One buyer of the company, or undefined. */
export async function findBuyer(tdb: TenantDb, id: number): Promise<BuyerRecord | undefined> {
  const row = await tdb.selectFrom('buyers').selectAll().where('id', '=', id).executeTakeFirst();
  return row && toRecord(row);
}

/** A buyer locked for the rest of the transaction (an edit), or undefined. */
export async function lockBuyer(tdb: TenantDb, id: number): Promise<BuyerRecord | undefined> {
  const row = await tdb.selectFrom('buyers').selectAll().where('id', '=', id).forUpdate().executeTakeFirst();
  return row && toRecord(row);
}

/** The buyer holding a (normalised) mobile, or undefined. */
export async function findBuyerByMobile(tdb: TenantDb, mobile: string): Promise<BuyerRecord | undefined> {
  const row = await tdb.selectFrom('buyers').selectAll().where('mobile', '=', mobile).executeTakeFirst();
  return row && toRecord(row);
}

/** Rows per INSERT statement in the batch writer. */
const BATCH = 1000;

/** Stores buyers (the demo seed writes many at once); the ids come back in the order of `buyers`. */
export async function insertBuyers(
  tdb: TenantDb,
  buyers: readonly BuyerValues[],
  userId: number | null,
): Promise<number[]> {
  const ids: number[] = [];
  for (let start = 0; start < buyers.length; start += BATCH) {
    const rows = await tdb
      .insertInto('buyers')
      .values(buyers.slice(start, start + BATCH).map((b) => ({ ...writable(b), created_by: userId })))
      .returning('id')
      .execute();
    ids.push(...rows.map((r) => r.id));
  }
  return ids;
}

export async function insertBuyer(tdb: TenantDb, buyer: BuyerValues, userId: number | null): Promise<number> {
  const [id] = await insertBuyers(tdb, [buyer], userId);
  return id as number;
}

export async function updateBuyer(tdb: TenantDb, id: number, buyer: BuyerValues): Promise<void> {
  await tdb.updateTable('buyers').set(writable(buyer)).where('id', '=', id).execute();
}

const SEARCHED = ['buyers.name', 'buyers.mobile', 'buyers.alternate_mobile', 'buyers.relative_name'];

/** `98220 11111` finds `+919822011111`: a search's digits alone are also looked for in the mobiles. */
function buyerSearch(text: string) {
  const byText = matchesSearch(SEARCHED, text);
  const digits = text.replace(/[\s()+.-]/g, '');
  if (!/^\d{3,}$/.test(digits) || digits === text) return byText;
  return sql<boolean>`(${byText} or ${matchesSearch(['buyers.mobile', 'buyers.alternate_mobile'], digits)})`;
}

/** One page of the company's buyers in (created_at, id) order, each with how many sales name them. */
export async function pageBuyers(tdb: TenantDb, page: PageRequest): Promise<Page<BuyerRecord & { saleCount: number }>> {
  const search = page.search ? buyerSearch(page.search) : null;
  let query = tdb
    .selectFrom('buyers')
    .selectAll('buyers')
    .select([
      sql<string>`buyers.created_at::text`.as('cursor_key'),
      sql<number>`(select count(*) from sales where sales.buyer_id = buyers.id)::int`.as('sale_count'),
    ]);
  if (search) query = query.where(search);
  query = keysetPage(query, 'buyers.created_at', 'buyers.id', page, 'timestamp');
  const taken = takePage(await query.execute(), page.limit, (b) => ({ key: b.cursor_key, id: b.id }));
  const totals = await tdb.selectFrom('buyers').select(totalsSelection(search)).executeTakeFirstOrThrow();
  return {
    rows: taken.rows.map((r) => ({ ...toRecord(r), saleCount: Number(r.sale_count) })),
    next: taken.next,
    totals: toTotals(totals),
  };
}

export interface BuyerSaleRow {
  saleId: number;
  projectId: number;
  projectName: string;
  plotId: number;
  plotName: string;
  saleDate: string;
  paymentType: 'Cash' | 'EMI';
  salePaise: Paise;
  transferFeePaise: Paise;
  status: 'Active' | 'Cancelled';
  receivedPaise: Paise;
  /** A cancelled sale's refund and what was kept (0 otherwise), and whether the refund has been paid. */
  refundPaise: Paise;
  retainedPaise: Paise;
  refundStatus: 'Pending' | 'Completed' | null;
}

/** The sales naming a buyer, newest first, each with Σ Completed receipts of that sale. */
export async function listBuyerSales(tdb: TenantDb, buyerId: number): Promise<BuyerSaleRow[]> {
  const rows = await tdb
    .selectFrom('sales')
    .innerJoin('plots', 'plots.id', 'sales.plot_id')
    .innerJoin('projects', 'projects.id', 'sales.project_id')
    .leftJoin('sale_cancellations', 'sale_cancellations.sale_id', 'sales.id')
    .select([
      'sale_cancellations.refund_paise',
      'sale_cancellations.retained_paise',
      'sale_cancellations.refund_status',
      'sales.id',
      'sales.project_id',
      'projects.project_name',
      'sales.plot_id',
      'plots.plot_name',
      'sales.sale_date',
      'sales.payment_type',
      'sales.sale_amount_paise',
      'sales.transfer_fee_paise',
      'sales.status',
      sql<string>`(select coalesce(sum(r.total_paise), 0) from receipts r where r.sale_id = sales.id and r.status = 'Completed')`.as(
        'received',
      ),
    ])
    .where('sales.buyer_id', '=', buyerId)
    .orderBy('sales.sale_date', 'desc')
    .orderBy('sales.id', 'desc')
    .execute();
  return rows.map((r) => ({
    saleId: r.id,
    projectId: r.project_id,
    projectName: r.project_name,
    plotId: r.plot_id,
    plotName: r.plot_name,
    saleDate: r.sale_date,
    paymentType: r.payment_type,
    salePaise: r.sale_amount_paise,
    transferFeePaise: r.transfer_fee_paise,
    status: r.status,
    receivedPaise: paise(Number(r.received)),
    refundPaise: paise(Number(r.refund_paise ?? 0)),
    retainedPaise: paise(Number(r.retained_paise ?? 0)),
    refundStatus: r.refund_status ?? null,
  }));
}
