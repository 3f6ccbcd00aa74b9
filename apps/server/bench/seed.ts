import { type Kysely, sql } from 'kysely';
import { runAsTenant, type TenantRecord } from '../src/db/tenancy.js';
import { hashPassword } from '../src/lib/passwords.js';
import { insertUser } from '../src/modules/auth/auth.repository.js';

export const BENCH_SIZE = { projects: 20, plotsPerProject: 250, partners: 10, receipts: 50_000 };

/**
 * The benchmark company of docs/design.md §9: 20 projects, 5,000 plots, 50,000 receipts (with one line each), plus
 * purchases, development entries and sales on 60 % of the plots, generated in SQL so seeding takes seconds.
 */
export async function seedBenchData(db: Kysely<unknown>, tenant: TenantRecord): Promise<void> {
  const s = (table: string) => sql.id(tenant.dbName, table);
  await runAsTenant(db, tenant, async (tdb) => {
    const q = (query: ReturnType<typeof sql>) => query.execute(tdb);
    await q(sql`insert into ${s('projects')} (project_name, city, total_area, total_rate, total_amount_paise, saleable_area)
      select 'Project ' || g, 'City ' || (g % 5), 300000, 100, 3000000000, 300000 from generate_series(1, ${BENCH_SIZE.projects}) g`);
    await q(sql`insert into ${s('plots')} (project_id, plot_name, total_plot_size, plot_number)
      select p.id, 'Plot ' || g, 1000, g::text from ${s('projects')} p, generate_series(1, ${BENCH_SIZE.plotsPerProject}) g`);
    await q(
      sql`insert into ${s('partners')} (partner_name, city) select 'Partner ' || g, 'Pune' from generate_series(1, ${BENCH_SIZE.partners}) g`,
    );
    await q(sql`insert into ${s('partner_projects')} (partner_id, project_id, percentage_share)
      select pa.id, p.id, 10 from ${s('partners')} pa, ${s('projects')} p`);
    await q(sql`insert into ${s('purchase_entries')} (project_id, partner_id, particular, entry_date, mode, amount_paise)
      select p.id, 1 + (g % ${BENCH_SIZE.partners}), 'Kharedikhar', date '2025-01-01' + (g % 300), 'Cheque', 100000000
      from ${s('projects')} p, generate_series(1, 100) g`);
    await q(sql`insert into ${s('development_entries')} (project_id, plot_id, partner_id, category, particular, entry_date, mode, amount_paise)
      select pl.project_id, pl.id, 1 + (pl.id % ${BENCH_SIZE.partners}), 'per_plot', 'Marking Pole', date '2025-03-01' + (pl.id % 200), 'Cash', 250000
      from ${s('plots')} pl`);
    await q(sql`insert into ${s('sales')} (project_id, plot_id, sale_date, sale_amount_paise, payment_type, advance_amount_paise, emi_total_paise, emi_duration, monthly_amount_paise, emi_date)
      select pl.project_id, pl.id, date '2025-06-01' + (pl.id % 365), 150000000, 'EMI', 30000000, 120000000, 24, 5000000, date '2025-07-01'
      from ${s('plots')} pl where pl.id % 5 < 3`);
    await q(sql`insert into ${s('emi_installments')} (sale_id, installment_no, due_date, amount_paise)
      select sa.id, g, (sa.emi_date + make_interval(months => g - 1))::date, 5000000 from ${s('sales')} sa, generate_series(1, 24) g`);
    await q(sql`insert into ${s('receipts')} (project_id, plot_id, sale_id, status)
      select sa.project_id, sa.plot_id, sa.id, case when g % 10 = 0 then 'Pending' else 'Completed' end
      from ${s('sales')} sa, generate_series(1, ${Math.ceil(BENCH_SIZE.receipts / 3000)}) g limit ${BENCH_SIZE.receipts}`);
    await q(sql`insert into ${s('receipt_lines')} (receipt_id, particular, line_date, mode, amount_paise, partner_id)
      select r.id, 'Installment', date '2025-07-01' + (r.id % 480), 'UPI', 5000000, case when r.id % 7 = 0 then 1 + (r.id % ${BENCH_SIZE.partners}) end
      from ${s('receipts')} r`);
    // Registered Plots and Payment To Partner: a registration for every tenth sold plot, 2,000 payouts.
    await q(sql`insert into ${s('registrations')} (plot_id, registration_office, registration_date, document_no)
      select sa.plot_id, 'Sub-Registrar ' || (sa.id % 4), sa.sale_date + 200, 'DOC-' || sa.id from ${s('sales')} sa where sa.id % 10 = 0`);
    await q(sql`insert into ${s('partner_payouts')} (project_id, partner_id, payout_date, mode, amount_paise)
      select 1 + (g % ${BENCH_SIZE.projects}), 1 + (g % ${BENCH_SIZE.partners}), date '2025-08-01' + (g % 400), 'Bank Transfer', 1000000
      from generate_series(1, 2000) g`);
  });
  // Autovacuum would get here on its own; vacuum now so the visibility map allows index-only scans at once.
  await sql.raw(`vacuum analyze`).execute(db);
}

/** A project whose Farmer Account has `rows` purchase entries, for the export timing; its id. */
export function seedExportProject(db: Kysely<unknown>, tenant: TenantRecord, rows: number): Promise<number> {
  return runAsTenant(db, tenant, async (tdb) => {
    const project = await tdb
      .insertInto('projects')
      .values({
        project_name: 'Export Project',
        city: 'Nagpur',
        total_area: 1000,
        total_rate: 100,
        total_amount_paise: 100000_00,
        saleable_area: 1000,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    await sql`insert into ${sql.id(tenant.dbName, 'purchase_entries')} (project_id, partner_id, particular, entry_date, mode, mode_detail, credit_to, amount_paise)
      select ${project.id}, 1 + (g % 10), 'Kharedikhar', date '2025-01-01' + (g % 400), 'Cheque', 'Cheque no ' || g, '=Farmer ' || g, 100000 + g
      from generate_series(1, ${rows}) g`.execute(tdb);
    return project.id;
  });
}

/** The bench's signed-in user (bench@example.com, password bench-user-1), a USER of `tenant`. */
export async function insertBenchUser(db: Kysely<unknown>, tenant: TenantRecord): Promise<void> {
  const passwordHash = await hashPassword('bench-user-1');
  await runAsTenant(db, tenant, (tdb) =>
    insertUser(tdb, {
      userName: 'Bench',
      emailId: 'bench@example.com',
      mobileNumber: null,
      city: null,
      passwordHash,
      role: 'USER',
      resetPasswordRequired: false,
    }),
  );
}
