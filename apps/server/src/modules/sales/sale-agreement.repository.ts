import type { TenantDb } from '../../db/tenancy.js';

/** The sale's status and agreement date, locked until the transaction ends. */
export async function lockSaleAgreement(tdb: TenantDb, saleId: number) {
  return tdb
    .selectFrom('sales')
    .select(['id', 'status', 'agreement_date'])
    .where('id', '=', saleId)
    .forUpdate()
    .executeTakeFirst();
}

/** RERA s.13: sets (or clears) the agreement for sale's registration date. */
export async function updateSaleAgreementDate(tdb: TenantDb, saleId: number, agreementDate: string | null) {
  await tdb.updateTable('sales').set({ agreement_date: agreementDate }).where('id', '=', saleId).execute();
}
