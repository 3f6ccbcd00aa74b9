import { formatDate, type SaleSavedAnswer } from '@plotbook/domain';
import type { TenantDb } from '../../db/tenancy.js';
import { conflict, notFound } from '../../lib/app-error.js';
import { recordChange } from '../../lib/audit.js';
import { lockSaleAgreement, updateSaleAgreementDate } from './sale-agreement.repository.js';
import { findSale } from './sales.repository.js';

/**
 * Records the agreement for sale's registration date (RERA s.13) on an active sale, or clears it (null); one trail
 * row (sale 'update', `agreement_date`). Answers the sale.
 */
export async function setSaleAgreement(
  tdb: TenantDb,
  saleId: number,
  agreementDate: string | null,
): Promise<SaleSavedAnswer> {
  const locked = await lockSaleAgreement(tdb, saleId);
  if (!locked) throw notFound('Sale not found.');
  if (locked.status !== 'Active') throw conflict('This sale is cancelled: its agreement date cannot change.');
  if (locked.agreement_date !== agreementDate) {
    await updateSaleAgreementDate(tdb, saleId, agreementDate);
    recordChange(tdb, {
      entity: 'sale',
      entityId: saleId,
      action: 'update',
      changes: { agreement_date: [locked.agreement_date, agreementDate] },
    });
  }
  const sale = await findSale(tdb, saleId);
  if (!sale) throw notFound('Sale not found.');
  const { salePaise: _s, receivedPaise: _r, installmentPaise: _i, ...rest } = sale;
  const message = agreementDate
    ? `Agreement for sale registered on ${formatDate(agreementDate)} recorded.`
    : 'Agreement date cleared.';
  return { ...rest, message };
}
