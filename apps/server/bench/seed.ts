import { type PurchaseRow, paise, toRupees } from '@plotbook/domain';
import { type Kysely, sql } from 'kysely';
import { runAsTenant, type TenantDb, type TenantRecord } from '../src/db/tenancy.js';
import { hashPassword } from '../src/lib/passwords.js';
import { insertAuditRows } from '../src/modules/audit/audit.repository.js';
import { insertUser } from '../src/modules/auth/auth.repository.js';
import { insertDevelopment } from '../src/modules/development/development.repository.js';
import { insertPayouts } from '../src/modules/partner-payments/partner-payments.repository.js';
import { insertPartners, insertShares, listPartners } from '../src/modules/partners/partners.repository.js';
import { insertPlots, insertProject } from '../src/modules/projects/project-writes.repository.js';
import { insertPurchases } from '../src/modules/purchases/purchases.repository.js';
import { insertReceipts, type ReceiptToInsert } from '../src/modules/receipts/receipts.repository.js';
import { insertRegistrations } from '../src/modules/registrations/registrations.repository.js';
import { insertSales, insertSchedules } from '../src/modules/sales/sales.repository.js';
import { saleRow, saleSchedule } from '../src/modules/sales/sales.service.js';
import { addDays } from '../src/seed/demo-dates.js';

export const BENCH_SIZE = { projects: 20, plotsPerProject: 250, partners: 10, receipts: 50_000 };

const range = (n: number) => Array.from({ length: n }, (_, i) => i + 1);

/** Writes `rows` through a repository's batch writer, 1,000 rows a call (its statements stay under 65,535 values). */
async function inChunks<T>(rows: readonly T[], write: (chunk: T[]) => Promise<unknown>): Promise<void> {
  for (let start = 0; start < rows.length; start += 1000) await write(rows.slice(start, start + 1000));
}

/**
 * The benchmark company of docs/design.md §9: 20 projects, 5,000 plots, 50,000 receipts (with one line each), plus
 * purchases, development entries and sales on 60 % of the plots. Every table is written by its repository's
 * batch writer, and each sale and schedule is worked out by the sales service's own rules (saleRow, saleSchedule).
 */
export async function seedBenchData(db: Kysely<unknown>, tenant: TenantRecord, userId: number): Promise<void> {
  await runAsTenant(db, tenant, async (tdb) => {
    const projects: { projectId: number; plotIds: number[] }[] = [];
    for (const g of range(BENCH_SIZE.projects)) {
      const projectId = await insertProject(tdb, {
        projectName: `Project ${g}`,
        city: `City ${g % 5}`,
        totalArea: 300000,
        totalRate: 100,
        totalAmountPaise: paise(3000000000),
        saleableOption: false,
        roadArea: 0,
        mandirArea: 0,
        amenitiesArea: 0,
        saleableArea: 300000,
      });
      const plotIds = await insertPlots(
        tdb,
        projectId,
        range(BENCH_SIZE.plotsPerProject).map((n) => ({
          plotName: `Plot ${n}`,
          totalPlotSize: 1000,
          plotNumber: String(n),
        })),
      );
      projects.push({ projectId, plotIds });
    }
    const partners = await insertPartners(
      tdb,
      range(BENCH_SIZE.partners).map((g) => ({ partnerName: `Partner ${g}`, city: 'Pune', email: null, phone: null })),
    );
    const partnerOf = (n: number) => partners[n % partners.length] as number;
    await insertShares(
      tdb,
      partners.flatMap((partnerId) => projects.map(({ projectId }) => ({ partnerId, projectId, percentageShare: 10 }))),
    );
    const money = { modeDetail: null, creditTo: null, modeDate: null };
    const purchases: PurchaseRow[] = projects.flatMap(({ projectId }) =>
      range(100).map((g) => ({
        ...money,
        projectId,
        partnerId: partnerOf(g),
        particular: 'Kharedikhar',
        date: addDays('2025-01-01', g % 300),
        mode: 'Cheque',
        amount: 1_000_000,
      })),
    );
    await inChunks(purchases, (chunk) => insertPurchases(tdb, chunk, userId));
    const plots = projects.flatMap(({ projectId, plotIds }) => plotIds.map((plotId) => ({ projectId, plotId })));
    await inChunks(
      plots.map(({ projectId, plotId }) => ({
        ...money,
        projectId,
        plotId,
        partnerId: partnerOf(plotId),
        category: 'per_plot' as const,
        particular: 'Marking Pole' as const,
        date: addDays('2025-03-01', plotId % 200),
        mode: 'Cash' as const,
        amount: 2500,
      })),
      (chunk) => insertDevelopment(tdb, chunk, userId),
    );
    await seedSalesAndMoney(tdb, plots, partnerOf, userId);
  });
  // Autovacuum would get here on its own; vacuum now so the visibility map allows index-only scans at once.
  await sql.raw(`vacuum analyze`).execute(db);
}

/** Sales on 60 % of the plots (EMI, 24 months), 50,000 receipts, a registration for every tenth sale, 2,000 payouts. */
async function seedSalesAndMoney(
  tdb: TenantDb,
  plots: readonly { projectId: number; plotId: number }[],
  partnerOf: (n: number) => number,
  userId: number,
): Promise<void> {
  const rows = plots
    .filter(({ plotId }) => plotId % 5 < 3)
    .map(({ projectId, plotId }) => {
      const saleDate = addDays('2025-06-01', plotId % 365);
      const row = saleRow(
        {
          projectId,
          plotId,
          saleDate,
          saleAmount: 1_500_000,
          paymentType: 'EMI',
          advanceAmount: 300_000,
          visarpawatiAmount: 0,
          emiTotal: 0,
          monthlyAmount: 0,
          emiDuration: 24,
          emiDate: '2025-07-01',
          buyerName: null,
          buyerMobile: null,
        },
        saleDate,
      );
      return row;
    });
  const saleIds: number[] = [];
  await inChunks(rows, async (chunk) => saleIds.push(...(await insertSales(tdb, chunk, userId))));
  const sales = rows.map((row, i) => ({ row, saleId: saleIds[i] as number }));
  await inChunks(sales, (chunk) =>
    insertSchedules(
      tdb,
      chunk.map(({ row, saleId }) => ({ saleId, schedule: saleSchedule(row) })),
    ),
  );

  // Receipts go round the sales, one installment each, until there are BENCH_SIZE.receipts; every tenth round is
  // still Pending, and every seventh line is credited to a partner.
  const receipts: ReceiptToInsert[] = [];
  for (let round = 1; receipts.length < BENCH_SIZE.receipts; round += 1) {
    for (const { row, saleId } of sales) {
      if (receipts.length === BENCH_SIZE.receipts) break;
      const n = receipts.length + 1;
      receipts.push({
        projectId: row.projectId,
        plotId: row.plotId,
        saleId,
        status: round % 10 === 0 ? 'Pending' : 'Completed',
        lines: [
          {
            particular: 'Installment',
            date: addDays('2025-07-01', n % 480),
            mode: 'UPI',
            modeDetail: null,
            creditTo: null,
            modeDate: null,
            amountPaise: paise(5_000_000),
            partnerId: n % 7 === 0 ? partnerOf(n) : null,
          },
        ],
      });
    }
  }
  await inChunks(receipts, (chunk) => insertReceipts(tdb, chunk, userId));

  // Registered Plots and Payment To Partner: a registration for every tenth sold plot, 2,000 payouts.
  await insertRegistrations(
    tdb,
    sales
      .filter(({ saleId }) => saleId % 10 === 0)
      .map(({ row, saleId }) => ({
        plotId: row.plotId,
        registrationOffice: `Sub-Registrar ${saleId % 4}`,
        registrationDate: addDays(row.saleDate, 200),
        documentNo: `DOC-${saleId}`,
      })),
    userId,
  );
  const projectIds = [...new Set(plots.map((p) => p.projectId))];
  await insertPayouts(
    tdb,
    range(2000).map((g) => ({
      projectId: projectIds[g % projectIds.length] as number,
      partnerId: partnerOf(g),
      date: addDays('2025-08-01', g % 400),
      mode: 'Bank Transfer' as const,
      modeDetail: null,
      amountPaise: paise(1_000_000),
      note: null,
    })),
    userId,
  );
}

/** A project whose Farmer Account has `rows` purchase entries (its partners are the bench's), for the export timing. */
export async function seedExportProject(
  db: Kysely<unknown>,
  tenant: TenantRecord,
  rows: number,
  userId: number,
): Promise<number> {
  return runAsTenant(db, tenant, async (tdb) => {
    const projectId = await insertProject(tdb, {
      projectName: 'Export Project',
      city: 'Nagpur',
      totalArea: 1000,
      totalRate: 100,
      totalAmountPaise: paise(100000_00),
      saleableOption: false,
      roadArea: 0,
      mandirArea: 0,
      amenitiesArea: 0,
      saleableArea: 1000,
    });
    const partners = await listPartners(tdb);
    const purchases: PurchaseRow[] = range(rows).map((g) => ({
      projectId,
      partnerId: partners[g % partners.length]?.partnerId as number,
      particular: 'Kharedikhar',
      date: addDays('2025-01-01', g % 400),
      mode: 'Cheque',
      modeDetail: `Cheque no ${g}`,
      creditTo: `=Farmer ${g}`,
      modeDate: null,
      amount: toRupees(paise(100000 + g)),
    }));
    await inChunks(purchases, (chunk) => insertPurchases(tdb, chunk, userId));
    return projectId;
  });
}

/**
 * The bench's signed-in user (bench@example.com, password bench-user-1), a USER of `tenant`; its id. With `admin`,
 * the company's TENANT_ADMIN instead (bench-admin@example.com, same password), who may read the whole audit trail.
 */
export async function insertBenchUser(db: Kysely<unknown>, tenant: TenantRecord, admin = false): Promise<number> {
  const passwordHash = await hashPassword('bench-user-1');
  const user = await runAsTenant(db, tenant, (tdb) =>
    insertUser(tdb, {
      userName: admin ? 'Bench Admin' : 'Bench',
      emailId: admin ? 'bench-admin@example.com' : 'bench@example.com',
      mobileNumber: null,
      city: null,
      passwordHash,
      role: admin ? 'TENANT_ADMIN' : 'USER',
      resetPasswordRequired: false,
    }),
  );
  if (!user) throw new Error('The bench user was not stored');
  return user.id;
}

const TRAIL_ENTITIES = ['purchase', 'development', 'receipt', 'sale', 'payout', 'plot'] as const;

/**
 * `rows` audit trail rows through the trail's one writer (`insertAuditRows`), 1,000 a statement and a transaction,
 * so the chain's insert trigger (ids, time, hashes, the head's lock) runs for every row as it does for the app's.
 * (Not more a transaction: each row updates the head's one row, and within one transaction those versions pile up
 * for the next row's lookup to step over: 10,000 rows a transaction took twice as long, 87 s against 43 s.) Each looks like a money entry created or edited: a user, an address, a request id, five changed fields.
 */
export async function seedAuditTrail(
  db: Kysely<unknown>,
  tenant: TenantRecord,
  userId: number,
  rows: number,
): Promise<void> {
  for (let start = 0; start < rows; start += 1000) {
    const batch = range(Math.min(1000, rows - start)).map((i) => {
      const n = start + i;
      const edit = n % 4 === 0;
      return {
        user_id: userId,
        user_name: 'Bench',
        client_address: `10.0.${n % 250}.${n % 200}`,
        request_id: `req-${n.toString(36)}`,
        entity: TRAIL_ENTITIES[n % TRAIL_ENTITIES.length] as string,
        entity_id: (n % 50_000) + 1,
        action: edit ? 'update' : 'create',
        changes: JSON.stringify(
          edit
            ? { amount_paise: [100_000 + n, 120_000 + n], mode: ['Cash', 'Cheque'] }
            : {
                project_id: [null, (n % 20) + 1],
                partner_id: [null, (n % 10) + 1],
                entry_date: [null, addDays('2025-01-01', n % 300)],
                mode: [null, 'Cheque'],
                amount_paise: [null, 100_000 + n],
              },
        ),
        reason: edit ? 'Corrected the amount' : null,
      };
    });
    await runAsTenant(db, tenant, (tdb) => insertAuditRows(tdb, batch));
  }
}
