import { type SaleListRowDto, updateSaleSchema } from '@plotbook/domain';
import { describe, expect, it } from 'vitest';
import { saleChanges, saleToValues, toUpdateInput } from './edit-sale-values';

/** ₹ 1,00,000 on EMI over 4 months of ₹ 25,000 from 01/11/2026, ₹ 25,000 received. */
const sale: SaleListRowDto = {
  saleId: 9,
  projectId: 3,
  plotId: 7,
  plotName: 'C-1',
  saleDate: '2026-10-02',
  saleAmount: 100000,
  paymentType: 'EMI',
  advanceAmount: 0,
  visarpawatiAmount: 0,
  emiTotal: 100000,
  emiDuration: 4,
  monthlyAmount: 25000,
  emiDate: '2026-11-01',
  buyerName: 'Anita Kulkarni',
  buyerMobile: '+919822011111',
  buyerId: 12,
  agreementDate: null,
  reraFlag: false,
  transferFee: 0,
  status: 'Active',
  received: 25000,
  pending: 75000,
};

describe('the Edit sale form', () => {
  it('starts from the sale as listed, with nothing changed', () => {
    const values = saleToValues(sale);
    expect(values).toMatchObject({ saleAmount: 100000, emiDuration: 4, emiDate: '2026-11-01', reason: '' });
    expect(saleChanges(sale, values)).toEqual([]);
  });

  it('says each change in Indian money and dates', () => {
    const values = { ...saleToValues(sale), saleAmount: 150000, emiDuration: 6 };
    expect(saleChanges(sale, values)).toEqual([
      'Sale amount: ₹ 1,00,000.00 → ₹ 1,50,000.00',
      'EMI total: ₹ 1,00,000.00 → ₹ 1,50,000.00',
      'EMI duration: 4 months → 6 months',
    ]);
  });

  it('sends the create form’s fields without project and plot, with the reason, as the API schema takes them', () => {
    const input = toUpdateInput({ ...saleToValues(sale), reason: 'Corner plot rate' });
    expect(input).not.toHaveProperty('projectId');
    expect(input).not.toHaveProperty('plotId');
    expect(updateSaleSchema.safeParse(input).success).toBe(true);
  });

  it('asks for a reason', () => {
    const parsed = updateSaleSchema.safeParse(toUpdateInput(saleToValues(sale)));
    expect(parsed.error?.issues.map((i) => [i.path.join('.'), i.message])).toEqual([
      ['reason', 'Give a reason for correcting this sale'],
    ]);
  });
});
