import { type Paise, type PurchaseRow, paise, type ReceiptStatus, toRupees } from '@plotbook/domain';
import { afterAll, beforeAll } from 'vitest';
import type { TenantDb, TenantRecord } from '../src/db/tenancy.js';
import { insertPurchases } from '../src/modules/purchases/purchases.repository.js';
import { creditReceiptLines, insertReceipts } from '../src/modules/receipts/receipts.repository.js';
import { insertRegistration } from '../src/modules/registrations/registrations.repository.js';
import { insertInstallments, insertSale } from '../src/modules/sales/sales.repository.js';
import { saleRow, saleSchedule } from '../src/modules/sales/sales.service.js';
import { buildTestApp, type Engine, type TestContext } from './helpers.js';

export interface ProjectOptions {
  plots?: number;
  totalArea?: number;
  plotSize?: number;
  name?: string;
}
export interface BuiltProject {
  projectId: number;
  projectName: string;
  plots: { plotId: number; plotName: string }[];
}
export interface PartnerOptions {
  /** The project the partner holds a share in; a new project when left out. */
  projectId?: number;
  share?: number | null;
  name?: string;
}
/** One purchase or development row: a new project and partner are built for whatever is left out. */
export type EntryOptions = { projectId?: number; partnerId?: number } & Record<string, unknown>;

type Particular = 'Advance' | 'Visarpawati' | 'Installment' | 'Booking';

/** Receipts of a plot paid in Cash, each line credited to no partner, stored by the receipts repository. */
const storeReceipts = (
  tdb: TenantDb,
  plot: { projectId: number; plotId: number; saleId: number | null },
  receipts: { status: ReceiptStatus; lines: { amountPaise: Paise; date: string; particular: Particular }[] }[],
) =>
  insertReceipts(
    tdb,
    receipts.map(({ status, lines }) => ({
      ...plot,
      status,
      lines: lines.map((line) => ({
        particular: line.particular,
        date: line.date,
        mode: 'Cash' as const,
        modeDetail: null,
        creditTo: null,
        modeDate: null,
        amountPaise: line.amountPaise,
        partnerId: null,
      })),
    })),
    null,
  );

/**
 * Small builders that go through the real API (or, for areas without an API yet, the tenant's own
 * connection), so test data obeys every rule the app enforces. Each builds what it needs with sensible
 * defaults, so a test writes only what it is about: `await f.purchase({ amount: 5 })`.
 */
export function factories(t: TestContext, tenant: TenantRecord, token: string) {
  const call = async (method: 'POST' | 'PUT', url: string, payload: unknown) => {
    const res = await t.call(tenant.tenantId, { method, url, token, payload: payload as object });
    if (res.statusCode >= 300) throw new Error(`${method} ${url} failed: ${res.statusCode} ${res.body}`);
    return res.json();
  };
  let n = 0;

  async function project(options: ProjectOptions = {}): Promise<BuiltProject> {
    n += 1;
    const plots = options.plots ?? 3;
    const body = await call('POST', '/api/project', {
      projectName: options.name ?? `Project ${n}`,
      city: 'Nagpur',
      totalArea: options.totalArea ?? 10000,
      totalRate: 100,
      plots: Array.from({ length: plots }, (_, i) => ({
        plotName: `P${i + 1}`,
        totalPlotSize: options.plotSize ?? 1000,
      })),
    });
    const res = await t.call(tenant.tenantId, { method: 'GET', url: `/api/project/${body.projectId}`, token });
    return res.json() as BuiltProject;
  }

  /** A partner with a share in a project; returns the partner's id. */
  async function partner(options: PartnerOptions = {}): Promise<number> {
    const projectId = options.projectId ?? (await project()).projectId;
    n += 1;
    const body = await call('POST', '/api/partner', {
      partnerName: options.name ?? `Partner ${n}`,
      city: 'Pune',
      projects: [{ projectId, percentageShare: options.share ?? null }],
    });
    return body.partnerId as number;
  }

  /** The project and partner an entry row belongs to, built when the options leave them out. */
  async function owners(options: EntryOptions) {
    const projectId = options.projectId ?? (await project()).projectId;
    const partnerId = options.partnerId ?? (await partner({ projectId }));
    return { projectId, partnerId };
  }

  return {
    project,
    partner,
    /** A plot of a new one-plot project (or of a project built with `plotSize`). */
    async plot(options: { plotSize?: number } = {}) {
      const built = await project({ plots: 1, plotSize: options.plotSize });
      const plot = built.plots[0] as { plotId: number; plotName: string };
      return { projectId: built.projectId, ...plot };
    },
    /** One purchase from a farmer; returns its id with the project and partner it was recorded under. */
    async purchase(options: EntryOptions = {}) {
      const { projectId, partnerId } = await owners(options);
      const body = await call('POST', '/api/purchase', [
        {
          particular: 'Kharedikhar',
          date: '2026-02-01',
          mode: 'Cash',
          amount: 1000,
          ...options,
          projectId,
          partnerId,
        },
      ]);
      return { id: body.ids[0] as number, projectId, partnerId };
    },
    /** One development cost paid by a partner (per project unless told otherwise). */
    async development(options: EntryOptions = {}) {
      const { projectId, partnerId } = await owners(options);
      const body = await call('POST', '/api/development', [
        {
          category: 'per_project',
          plotId: null,
          particular: 'Road Rate',
          date: '2026-04-01',
          mode: 'Cash',
          amount: 12000,
          ...options,
          projectId,
          partnerId,
        },
      ]);
      return { id: body.ids[0] as number, projectId, partnerId };
    },
    /** An activity of a project, Active unless told otherwise. */
    async activity(options: { projectId?: number; activityType?: string; activityName?: string } = {}) {
      const projectId = options.projectId ?? (await project()).projectId;
      const body = await call('POST', '/api/activity/save', {
        activityType: 'PLOT_SALE',
        activityName: 'Plot Sale',
        ...options,
        projectId,
      });
      return { id: body.id as number, projectId };
    },
    /** Credits every line of a receipt to a partner: Payment To Partner counts it as money that partner received. */
    async creditReceipt(receiptId: number, partnerId: number) {
      await t.asTenant(tenant, (tdb) => creditReceiptLines(tdb, receiptId, partnerId));
    },
    /**
     * A sale of a plot with receipts, stored by the sales and receipts repositories (without the API's checks, so
     * a test can build any history). Each receipt has one line of `amount` paise on `date`.
     */
    async sale(options: {
      projectId: number;
      plotId: number;
      amountPaise?: Paise;
      receipts?: { status: 'Pending' | 'Completed' | 'Cancelled'; amountPaise: Paise; date: string }[];
      /** An EMI sale with its schedule (emi_installments rows), as docs/design.md §6 builds it; a full payment without. */
      emi?: { advancePaise?: Paise; visarpawatiPaise?: Paise; months: number; emiDate?: string };
      /** The sale date; 2026-10-02 unless told. */
      saleDate?: string;
    }) {
      return t.asTenant(tenant, async (tdb) => {
        const saleDate = options.saleDate ?? '2026-10-02';
        // Stored as createSale stores it (saleRow, saleSchedule), without the checks a clerk's input gets.
        const row = saleRow(
          {
            projectId: options.projectId,
            plotId: options.plotId,
            saleDate,
            saleAmount: toRupees(options.amountPaise ?? paise(500000_00)),
            paymentType: options.emi ? 'EMI' : 'Cash',
            advanceAmount: toRupees(options.emi?.advancePaise ?? paise(0)),
            visarpawatiAmount: toRupees(options.emi?.visarpawatiPaise ?? paise(0)),
            emiTotal: 0,
            monthlyAmount: 0,
            emiDuration: options.emi?.months ?? null,
            emiDate: options.emi ? (options.emi.emiDate ?? '2026-11-01') : null,
            buyerName: null,
            buyerMobile: null,
          },
          saleDate,
        );
        const saleId = await insertSale(tdb, row, null);
        await insertInstallments(tdb, saleId, saleSchedule(row));
        const receiptIds = await storeReceipts(
          tdb,
          { projectId: options.projectId, plotId: options.plotId, saleId },
          (options.receipts ?? []).map(({ status, amountPaise, date }) => ({
            status,
            lines: [{ particular: 'Advance', date, amountPaise }],
          })),
        );
        return { saleId, receiptIds };
      });
    },
    /**
     * A registration of a plot, stored by the registrations repository (without registerPlot's check that the plot
     * is sold and paid in full, so a test can build any state); returns its id.
     */
    async registration(options: { plotId: number; date?: string; office?: string; documentNo?: string }) {
      return t.asTenant(tenant, async (tdb) => {
        const id = await insertRegistration(
          tdb,
          {
            plotId: options.plotId,
            registrationOffice: options.office ?? 'Nagpur',
            registrationDate: options.date ?? '2026-11-01',
            documentNo: options.documentNo ?? 'D-1',
          },
          null,
        );
        if (id === undefined) throw new Error(`Plot ${options.plotId} is already registered`);
        return id;
      });
    },
    /** Several purchase rows in one batch, as the Purchase screen saves them. */
    purchases: (rows: object[]) => call('POST', '/api/purchase', rows),
    /**
     * Many purchase rows stored by the purchases repository, 1,000 a statement, without the API's checks (the
     * paging and big-list tests build thousands).
     */
    async storedPurchases(rows: readonly PurchaseRow[]) {
      await t.asTenant(tenant, async (tdb) => {
        for (let start = 0; start < rows.length; start += 1000) {
          await insertPurchases(tdb, rows.slice(start, start + 1000), null);
        }
      });
    },
    /** Several development rows in one batch, as the Development screen saves them. */
    developmentRows: (rows: object[]) => call('POST', '/api/development', rows),
    /**
     * One receipt of a plot with its lines, stored by the receipts repository (without the API's checks). Lines
     * default to Installment.
     */
    async receipt(options: {
      projectId: number;
      plotId: number;
      saleId?: number;
      status: 'Pending' | 'Completed' | 'Cancelled';
      lines: {
        amountPaise: Paise;
        date: string;
        particular?: Particular;
      }[];
    }) {
      return t.asTenant(tenant, async (tdb) => {
        const [receiptId] = await storeReceipts(
          tdb,
          { projectId: options.projectId, plotId: options.plotId, saleId: options.saleId ?? null },
          [
            {
              status: options.status,
              lines: options.lines.map((line) => ({ ...line, particular: line.particular ?? 'Installment' })),
            },
          ],
        );
        return receiptId as number;
      });
    },
  };
}

/** What most API suites start from (see `setUpCompanies`). */
export interface CompanySuite {
  t: TestContext;
  /** The company the suite works in, a user's token there, and factories that build its data through the API. */
  acme: TenantRecord;
  token: string;
  f: ReturnType<typeof factories>;
  /** A second company (when asked for) and a user's token there, to try reaching across companies. */
  second: TenantRecord;
  secondToken: string;
}

/**
 * The usual set-up of a module's API suite, once: before the suite a test app on `engine` with company `acme` (a
 * user's token and its factories) and, when `second` names one, a second company with a user's token; `use` takes
 * them (assign them to the suite's variables); after the suite the app is closed. Each test builds its own data.
 */
export function setUpCompanies(
  engine: Engine,
  use: (suite: CompanySuite) => void,
  options: { second?: string; clock?: () => number } = {},
) {
  let t: TestContext | undefined;
  beforeAll(async () => {
    t = await buildTestApp(engine, options.clock ? { clock: options.clock } : {});
    const acme = await t.createTenant('acme');
    const token = await t.userToken(acme);
    const second = options.second ? await t.createTenant(options.second) : (undefined as unknown as TenantRecord);
    const secondToken = options.second ? await t.userToken(second) : '';
    use({ t, acme, token, f: factories(t, acme, token), second, secondToken });
  });
  afterAll(() => t?.close());
}
