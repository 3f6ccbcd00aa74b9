import { paise } from '@plotbook/domain';
import { type Kysely, sql } from 'kysely';
import { runAsTenant, type TenantRecord } from '../src/db/tenancy.js';
import { insertHolds } from '../src/modules/board/holds.repository.js';
import { insertBuyers } from '../src/modules/buyers/buyers.repository.js';
import { newBuyerValues } from '../src/modules/buyers/buyers.service.js';
import { insertPlots, insertProject } from '../src/modules/projects/project-writes.repository.js';
import { insertReceipts, type ReceiptToInsert } from '../src/modules/receipts/receipts.repository.js';
import { insertRegistrations } from '../src/modules/registrations/registrations.repository.js';
import { insertSales, insertSchedules, type SaleRow } from '../src/modules/sales/sales.repository.js';
import { saleRow, saleSchedule } from '../src/modules/sales/sales.service.js';

/** The plot board's bench project (issue 21: its board p95 ≤ 4× the floor's at 20 clients). */
export const BOARD_PLOTS = 1000;

/** The board of the bench's 1,000-plot project, and the same polled with its ETag (answered 304). */
export const boardEndpoints = (projectId: number) => [`/api/board/${projectId}`, `/api/board/${projectId}?poll=etag`];

const range = (n: number) => Array.from({ length: n }, (_, i) => i + 1);

/**
 * A 1,000-plot project as the board sees a busy layout: 60 % sold (a tenth of them paid in full, half of those
 * registered; EMI sales part paid or unpaid, so many overdue), 50 plots on live holds, the rest available. Written by
 * the repositories' batch writers, sales by the sales service's rules. Its id.
 */
export async function seedBoardProject(db: Kysely<unknown>, tenant: TenantRecord, userId: number): Promise<number> {
  const projectId = await seedBoardRows(db, tenant, userId);
  // As after the bench's own seed: the planner's statistics and the visibility map of the new rows, as autovacuum
  // would leave them (without, the planner takes the new buyers table for empty and joins it once per plot).
  await sql.raw('vacuum analyze').execute(db);
  return projectId;
}

async function seedBoardRows(db: Kysely<unknown>, tenant: TenantRecord, userId: number): Promise<number> {
  return runAsTenant(db, tenant, async (tdb) => {
    const projectId = await insertProject(tdb, {
      projectName: 'Board Layout',
      city: 'Nashik',
      totalArea: 2_000_000,
      totalRate: 100,
      totalAmountPaise: paise(20_000_000_000),
      saleableOption: false,
      roadArea: 0,
      mandirArea: 0,
      amenitiesArea: 0,
      saleableArea: 2_000_000,
    });
    const plotIds = await insertPlots(
      tdb,
      projectId,
      range(BOARD_PLOTS).map((n) => ({
        plotName: `Plot ${n}`,
        totalPlotSize: 1000 + (n % 7) * 100,
        plotNumber: String(n),
      })),
    );
    const soldPlots = plotIds.map((plotId, i) => ({ plotId, n: i + 1 })).filter(({ n }) => n % 10 < 6);
    const buyerIds = await insertBuyers(
      tdb,
      soldPlots.map(({ n }) => newBuyerValues(`Board Buyer ${n}`, `9${String(700000000 + n)}`)),
      userId,
    );
    const rows: SaleRow[] = soldPlots.map(({ plotId, n }, i) => {
      const cash = n % 10 === 0;
      const row = saleRow(
        {
          projectId,
          plotId,
          saleDate: '2025-06-01',
          saleAmount: 1_200_000,
          paymentType: cash ? 'Cash' : 'EMI',
          advanceAmount: cash ? 0 : 200_000,
          visarpawatiAmount: 0,
          emiTotal: 0,
          monthlyAmount: 0,
          emiDuration: cash ? null : 24,
          emiDate: cash ? null : '2025-07-01',
          buyerName: null,
          buyerMobile: null,
        },
        '2025-06-01',
      );
      return { ...row, buyerId: buyerIds[i] as number };
    });
    const saleIds = await insertSales(tdb, rows, userId);
    await insertSchedules(
      tdb,
      rows.map((row, i) => ({ saleId: saleIds[i] as number, schedule: saleSchedule(row) })),
    );
    // Cash sales paid in full; EMI sales: the advance and 0–11 installments (so most are overdue today).
    const receipts: ReceiptToInsert[] = rows.map((row, i) => {
      const n = soldPlots[i]?.n ?? 0;
      const paid = row.paymentType === 'Cash' ? row.salePaise : row.advancePaise + row.monthlyPaise * (n % 12);
      return {
        projectId,
        plotId: row.plotId,
        saleId: saleIds[i] as number,
        status: 'Completed',
        lines: [
          {
            particular: row.paymentType === 'Cash' ? 'Advance' : 'Installment',
            date: '2025-07-01',
            mode: 'UPI',
            modeDetail: null,
            creditTo: null,
            modeDate: null,
            amountPaise: paise(paid),
            partnerId: null,
          },
        ],
      };
    });
    await insertReceipts(tdb, receipts, userId);
    await insertRegistrations(
      tdb,
      soldPlots
        .filter(({ n }) => n % 20 === 0)
        .map(({ plotId, n }) => ({
          plotId,
          registrationOffice: 'Sub-Registrar Nashik',
          registrationDate: '2025-12-01',
          documentNo: `BRD-${n}`,
        })),
      userId,
    );
    const now = new Date();
    const held = plotIds.filter((_, i) => (i + 1) % 10 === 6 && (i + 1) % 20 !== 6).slice(0, 50);
    await insertHolds(
      tdb,
      held.map((plotId, i) => ({
        plotId,
        projectId,
        buyerId: buyerIds[i] as number,
        note: null,
        heldFrom: now,
        heldUntil: new Date(now.getTime() + (i + 1) * 3_600_000),
        heldBy: userId,
      })),
    );
    return projectId;
  });
}
