import type { PartnerAnswer, PartnerCommand } from '@plotbook/domain';
import { sql } from 'kysely';
import type { TenantDb } from '../../db/tenancy.js';
import { fixedQuery } from '../../lib/fixed-query.js';

const partnersQuery = fixedQuery((tdb: TenantDb, partnerId: number | null) => {
  const partners = tdb.selectFrom('partners').selectAll().orderBy('partner_name').orderBy('id');
  return partnerId === null ? partners : partners.where('id', '=', partnerId);
});
const partnerLinksQuery = fixedQuery((tdb: TenantDb, partnerId: number | null) => {
  const links = tdb
    .selectFrom('partner_projects')
    .innerJoin('projects', 'projects.id', 'partner_projects.project_id')
    .select([
      'partner_projects.partner_id',
      'partner_projects.project_id',
      'projects.project_name',
      'partner_projects.percentage_share',
    ])
    .orderBy('projects.project_name');
  return partnerId === null ? links : links.where('partner_projects.partner_id', '=', partnerId);
});

/** Every partner (or the one with `partnerId`) with the projects they hold shares in. */
export async function listPartners(tdb: TenantDb, partnerId?: number): Promise<PartnerAnswer[]> {
  const [rows, linkRows] = await Promise.all([
    partnersQuery(tdb, partnerId ?? null),
    partnerLinksQuery(tdb, partnerId ?? null),
  ]);
  return rows.map((p) => ({
    partnerId: p.id,
    partnerName: p.partner_name,
    city: p.city,
    email: p.email,
    phone: p.phone,
    projects: linkRows
      .filter((l) => l.partner_id === p.id)
      .map((l) => ({ projectId: l.project_id, projectName: l.project_name, percentageShare: l.percentage_share })),
  }));
}

/**
 * Locks the projects (so two clerks adding partners to one project cannot both pass the 100 % check) and returns
 * each project's name and the shares other partners already hold in it.
 */
export async function lockProjectShares(tdb: TenantDb, projectIds: number[], exceptPartnerId: number | null) {
  const projects = await tdb
    .selectFrom('projects')
    .select(['id', 'project_name'])
    .where('id', 'in', projectIds)
    .orderBy('id')
    .forUpdate()
    .execute();
  let shares = tdb
    .selectFrom('partner_projects')
    .select(['project_id', sql<number>`coalesce(sum(percentage_share), 0)`.as('taken')])
    .where('project_id', 'in', projectIds)
    .groupBy('project_id');
  if (exceptPartnerId !== null) shares = shares.where('partner_id', '<>', exceptPartnerId);
  const taken = await shares.execute();
  return projects.map((p) => ({
    projectId: p.id,
    projectName: p.project_name,
    taken: Number(taken.find((t) => t.project_id === p.id)?.taken ?? 0),
  }));
}

type PartnerValues = Pick<PartnerCommand, 'partnerName' | 'city' | 'email' | 'phone'>;
const partnerColumns = (input: PartnerValues) => ({
  partner_name: input.partnerName,
  city: input.city,
  email: input.email,
  phone: input.phone,
});

/** Stores partners without their shares (see insertShares); the ids come back in the order of `partners`. */
export async function insertPartners(tdb: TenantDb, partners: readonly PartnerValues[]): Promise<number[]> {
  const rows = await tdb.insertInto('partners').values(partners.map(partnerColumns)).returning('id').execute();
  return rows.map((row) => row.id);
}

/** Stores partners' shares in projects (percent, or null for a partner without a fixed share). */
export async function insertShares(
  tdb: TenantDb,
  shares: readonly { partnerId: number; projectId: number; percentageShare: number | null }[],
): Promise<void> {
  if (shares.length === 0) return;
  await tdb
    .insertInto('partner_projects')
    .values(
      shares.map((s) => ({ partner_id: s.partnerId, project_id: s.projectId, percentage_share: s.percentageShare })),
    )
    .execute();
}

export async function savePartnerRow(tdb: TenantDb, input: PartnerCommand, partnerId: number | null): Promise<number> {
  if (partnerId === null) {
    [partnerId] = (await insertPartners(tdb, [input])) as [number];
  } else {
    await tdb.updateTable('partners').set(partnerColumns(input)).where('id', '=', partnerId).execute();
    await tdb.deleteFrom('partner_projects').where('partner_id', '=', partnerId).execute();
  }
  const id = partnerId;
  await insertShares(
    tdb,
    input.projects.map((p) => ({ partnerId: id, projectId: p.projectId, percentageShare: p.percentageShare })),
  );
  return id;
}

/** How many money rows name the partner (voided ones too: they stay); a partner with any cannot be deleted. */
export async function partnerEntryCount(tdb: TenantDb, partnerId: number): Promise<number> {
  const count = (
    table: 'purchase_entry_rows' | 'development_entry_rows' | 'receipt_line_rows' | 'partner_payout_rows',
  ) =>
    tdb
      .selectFrom(table)
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('partner_id', '=', partnerId);
  const row = await tdb
    .selectNoFrom(() => [
      count('purchase_entry_rows').as('a'),
      count('development_entry_rows').as('b'),
      count('receipt_line_rows').as('c'),
      count('partner_payout_rows').as('d'),
    ])
    .executeTakeFirstOrThrow();
  return Number(row.a) + Number(row.b) + Number(row.c) + Number(row.d);
}

/** The projects (of those given) in which the partner has money rows; such a link cannot be removed. */
export async function projectsWithPartnerEntries(
  tdb: TenantDb,
  partnerId: number,
  projectIds: number[],
): Promise<Set<number>> {
  if (projectIds.length === 0) return new Set();
  const rows = await tdb
    .selectFrom('purchase_entries')
    .select('project_id')
    .where('partner_id', '=', partnerId)
    .where('project_id', 'in', projectIds)
    .union(
      tdb
        .selectFrom('development_entries')
        .select('project_id')
        .where('partner_id', '=', partnerId)
        .where('project_id', 'in', projectIds),
    )
    .union(
      tdb
        .selectFrom('partner_payouts')
        .select('project_id')
        .where('partner_id', '=', partnerId)
        .where('project_id', 'in', projectIds),
    )
    .union(
      tdb
        .selectFrom('receipt_lines')
        .innerJoin('receipts', 'receipts.id', 'receipt_lines.receipt_id')
        .select('receipts.project_id')
        .where('receipt_lines.partner_id', '=', partnerId)
        .where('receipts.project_id', 'in', projectIds),
    )
    .execute();
  return new Set(rows.map((r) => r.project_id));
}

export async function deletePartnerRow(tdb: TenantDb, partnerId: number): Promise<void> {
  await tdb.deleteFrom('partners').where('id', '=', partnerId).execute();
}
