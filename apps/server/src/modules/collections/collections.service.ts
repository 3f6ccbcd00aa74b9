import {
  AGEING_BUCKETS,
  type AgeingTotalsAnswer,
  ageingBucket,
  type CollectionSettingsDto,
  daysLate,
  indiaDate,
  installmentState,
  lateInterestPaise,
  type OverdueReportAnswer,
  type OverdueRowAnswer,
  type Paise,
  paise,
  type UpdateCollectionSettingsInput,
} from '@plotbook/domain';
import type { TenantDb } from '../../db/tenancy.js';
import { notFound } from '../../lib/app-error.js';
import type { ListTotals, PageRequest } from '../../lib/paging.js';
import {
  type CollectionSettings,
  collectionSettingsAnswer,
  getCollectionSettings,
  saveCollectionSettings,
} from '../company-settings/company-settings.service.js';

/** The collection settings as the API answers them (the company settings' service keeps and writes them). */
export async function readCollectionSettingsAnswer(tdb: TenantDb): Promise<CollectionSettingsDto> {
  return collectionSettingsAnswer(await getCollectionSettings(tdb));
}

/** A tenant admin changes them (one trail row, entity 'settings'). */
export function changeCollectionSettings(tdb: TenantDb, input: UpdateCollectionSettingsInput, userId: number) {
  return saveCollectionSettings(tdb, input, userId);
}

import { type InstallmentRow, installmentsDue, projectExists } from './collections.repository.js';

/** An installment that `installmentState` calls overdue on `asOf`, with its age and interest. */
export interface OverdueInstallment extends InstallmentRow {
  duePaise: Paise;
  daysLate: number;
  interestPaise: Paise;
}

/**
 * The installments overdue on `asOf`: of every installment of an active sale due before it, those the domain's
 * `installmentState` calls overdue (paid money is what the plot's installment money pays of each today).
 */
export async function overdueInstallments(
  tdb: TenantDb,
  asOf: string,
  projectId: number | null,
  settings: CollectionSettings,
): Promise<OverdueInstallment[]> {
  const rows = await installmentsDue(tdb, { from: null, before: asOf }, projectId);
  return rows
    .filter(
      (r) => installmentState({ dueDate: r.dueDate, amountPaise: r.amountPaise }, r.paidPaise, asOf) === 'overdue',
    )
    .map((r) => {
      const duePaise = paise(r.amountPaise - r.paidPaise);
      return {
        ...r,
        duePaise,
        daysLate: daysLate(r.dueDate, asOf),
        interestPaise: lateInterestPaise({ dueDate: r.dueDate, unpaidPaise: duePaise }, asOf, settings.lateInterest),
      };
    });
}

const rowAnswer = (r: OverdueInstallment): OverdueRowAnswer => ({
  installmentId: r.installmentId,
  saleId: r.saleId,
  buyerId: r.buyerId,
  buyerName: r.buyerName,
  mobile: r.mobile,
  hasEmail: Boolean(r.email),
  projectId: r.projectId,
  projectName: r.projectName,
  plotId: r.plotId,
  plotName: r.plotName,
  installmentNo: r.installmentNo,
  dueDate: r.dueDate,
  amount: r.amountPaise,
  paid: r.paidPaise,
  due: r.duePaise,
  daysLate: r.daysLate,
  bucket: ageingBucket(r.daysLate),
  interest: r.interestPaise,
  lastReminderAt: r.lastReminderAt ? r.lastReminderAt.toISOString() : null,
  lastReminderTo: r.lastReminderTo,
  reminders: r.reminders,
});

function ageingTotals(rows: readonly OverdueInstallment[]): AgeingTotalsAnswer {
  const buckets = AGEING_BUCKETS.map((bucket) => ({ bucket, count: 0, due: paise(0) }));
  let due = 0;
  let interest = 0;
  for (const r of rows) {
    const b = buckets[AGEING_BUCKETS.indexOf(ageingBucket(r.daysLate))];
    if (b) {
      b.count += 1;
      b.due = paise(b.due + r.duePaise);
    }
    due += r.duePaise;
    interest += r.interestPaise;
  }
  return { count: rows.length, due: paise(due), interest: paise(interest), buckets };
}

/** Case-insensitive "contains" over what the screen shows of a row: buyer, mobile, project, plot. */
function matches(r: OverdueInstallment, search: string): boolean {
  const text = search.toLowerCase();
  const digits = search.replace(/[\s+-]/g, '');
  return (
    [r.buyerName, r.projectName, r.plotName].some((v) => v?.toLowerCase().includes(text)) ||
    (digits !== '' && /^\d+$/.test(digits) && (r.mobile ?? '').replace(/\D/g, '').includes(digits))
  );
}

export interface OverdueReportPage {
  report: OverdueReportAnswer;
  page: { next: { key: string; id: number } | null; totals: ListTotals };
}

/** `asOf` of a request: the day asked for, else today in India (the app's clock). */
export const asOfDate = (asked: string | undefined, now: Date) => asked ?? indiaDate(now);

/**
 * Overdue installments of the company (or of one project: another company's or a missing one is a 404) on `asOf`,
 * searched, one keyset page in (due date, installment) order, with the ageing totals of every searched row overall
 * and per project. `page.limit` Infinity: every row (the export).
 */
export async function overdueReport(
  tdb: TenantDb,
  query: { projectId?: number; asOf: string },
  page: PageRequest,
): Promise<OverdueReportPage> {
  const projectId = query.projectId ?? null;
  if (projectId !== null && !(await projectExists(tdb, projectId))) throw notFound('Project not found');
  const settings = await getCollectionSettings(tdb);
  const all = await overdueInstallments(tdb, query.asOf, projectId, settings);
  const found = page.search ? all.filter((r) => matches(r, page.search as string)) : all;
  const after = page.after;
  const rest = after
    ? found.filter((r) => r.dueDate > after.key || (r.dueDate === after.key && r.installmentId > after.id))
    : found;
  const rows = Number.isFinite(page.limit) ? rest.slice(0, page.limit) : rest;
  const last = rows.at(-1);
  const next = rest.length > rows.length && last ? { key: last.dueDate, id: last.installmentId } : null;
  const projects = new Map<number, OverdueInstallment[]>();
  for (const r of found) {
    const list = projects.get(r.projectId);
    if (list) list.push(r);
    else projects.set(r.projectId, [r]);
  }
  const overall = ageingTotals(found);
  return {
    report: {
      asOf: query.asOf,
      interestEnabled: settings.lateInterest.enabled,
      data: rows.map(rowAnswer),
      totals: {
        ...overall,
        projects: [...projects.values()]
          .map((list) => ({
            projectId: (list[0] as OverdueInstallment).projectId,
            projectName: (list[0] as OverdueInstallment).projectName,
            ...ageingTotals(list),
          }))
          .sort((a, b) => a.projectName.localeCompare(b.projectName)),
      },
    },
    page: {
      next,
      totals: { count: found.length, unfilteredCount: all.length, amountPaise: paise(overall.due) },
    },
  };
}
