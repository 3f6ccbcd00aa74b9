import {
  formatDate,
  formatMobile,
  formatRupees,
  type SaleListRowDto,
  toRupees,
  type UpdateSaleInput,
} from '@plotbook/domain';
import { emiFigures, type SaleFormValues, toSaleInput } from './sale-form-values';

/** The Edit sale form: the sale form's values of a listed sale, and the reason for the correction. */
export interface EditSaleValues extends SaleFormValues {
  reason: string;
}

/** A listed sale as the form's values (the figures the server works out are worked out again as typed). */
export function saleToValues(sale: SaleListRowDto): EditSaleValues {
  const isEmi = sale.paymentType === 'EMI';
  return {
    projectId: sale.projectId,
    plotId: sale.plotId,
    buyerId: sale.buyerId,
    buyerDetails: false,
    buyerName: sale.buyerName ?? '',
    buyerMobile: formatMobile(sale.buyerMobile),
    buyerRelativeName: '',
    coBuyers: [],
    nomineeName: '',
    nomineeRelation: '',
    saleDate: sale.saleDate,
    saleAmount: sale.saleAmount,
    paymentType: sale.paymentType,
    advanceAmount: isEmi ? sale.advanceAmount : '',
    visarpawatiAmount: isEmi ? sale.visarpawatiAmount : '',
    emiDuration: sale.emiDuration ?? '',
    emiDate: sale.emiDate ?? '',
    agreementDate: sale.agreementDate ?? '',
    reason: '',
  };
}

/** The payload of PUT /api/sale/{saleId}: the sale form's fields, less the project and plot, and the reason. */
export function toUpdateInput(values: EditSaleValues): UpdateSaleInput {
  const { projectId: _project, plotId: _plot, ...fields } = toSaleInput(values);
  return { ...fields, reason: values.reason };
}

const money = (rupees: number) => formatRupees(rupees);
const typeText = (t: string) => (t === 'Cash' ? 'Full Payment' : 'EMI');

/** What the correction changes, one line each ("Sale amount: ₹ 1,00,000.00 → ₹ 1,20,000.00"), for the clerk to read. */
export function saleChanges(sale: SaleListRowDto, values: EditSaleValues): string[] {
  const changes: string[] = [];
  const add = (label: string, before: string, after: string) => {
    if (before !== after) changes.push(`${label}: ${before} → ${after}`);
  };
  const num = (v: number | '') => (v === '' ? 0 : v);
  const isEmi = values.paymentType === 'EMI';
  add(
    'Sale date',
    formatDate(sale.saleDate),
    values.saleDate ? formatDate(values.saleDate) : formatDate(sale.saleDate),
  );
  add('Sale amount', money(sale.saleAmount), money(num(values.saleAmount)));
  add('Payment type', typeText(sale.paymentType), typeText(values.paymentType));
  add('Buyer name', sale.buyerName ?? '-', values.buyerName.trim() || '-');
  add('Buyer mobile', formatMobile(sale.buyerMobile) || '-', values.buyerMobile.trim() || '-');
  const dateText = (d: string | null) => (d ? formatDate(d) : '-');
  add('Agreement registered', dateText(sale.agreementDate), dateText(values.agreementDate || null));
  if (isEmi || sale.paymentType === 'EMI') {
    const figures = emiFigures(values);
    add('Advance', money(sale.advanceAmount), money(isEmi ? num(values.advanceAmount) : 0));
    add('Visarpawati', money(sale.visarpawatiAmount), money(isEmi ? num(values.visarpawatiAmount) : 0));
    add('EMI total', money(sale.emiTotal), money(isEmi ? toRupees(figures.emiTotalPaise) : 0));
    add(
      'EMI duration',
      sale.emiDuration ? `${sale.emiDuration} months` : '-',
      isEmi && values.emiDuration !== '' ? `${values.emiDuration} months` : '-',
    );
    add('Monthly amount', money(sale.monthlyAmount), money(isEmi ? toRupees(figures.monthlyPaise) : 0));
    add(
      'First EMI date',
      sale.emiDate ? formatDate(sale.emiDate) : '-',
      isEmi && values.emiDate ? formatDate(values.emiDate) : '-',
    );
  }
  return changes;
}
