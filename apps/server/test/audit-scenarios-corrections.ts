import { paise } from '@plotbook/domain';
import { row, type ScenarioTable } from './audit-scenarios.js';
import { soldPlot as sold } from './audit-scenarios-money.js';

/** The trail scenarios of issue 20's corrections: a sale corrected with a reason, a Completed receipt reversed. */

export const CORRECTION_SCENARIOS: ScenarioTable = {
  'PUT /api/sale/{saleId}': {
    async run(c) {
      const s = await sold(c);
      const res = await c.write('PUT', `/api/sale/${s.saleId}`, {
        saleDate: '2026-10-02',
        saleAmount: 120000,
        paymentType: 'Cash',
        reason: 'Agreed price was ₹ 1,20,000',
      });
      const values = { sale_amount_paise: [100000_00, 120000_00] as [number, number] };
      return { res, rows: [row('sale', s.saleId, 'update', c.user.id, ['sale_amount_paise'], values)] };
    },
  },
  'POST /api/payment/{id}/reverse': {
    async run(c) {
      const s = await sold(c, [{ status: 'Completed', amountPaise: paise(10000_00), date: '2026-10-05' }]);
      const receiptId = s.receiptIds[0] as number;
      const res = await c.write('POST', `/api/payment/${receiptId}/reverse`, { reason: 'Entered on the wrong plot' });
      const values = { status: ['Completed', 'Reversed'] as [string, string] };
      // The reversal takes its own number in the series.
      return { res, rows: [row('receipt', receiptId, 'reverse', c.user.id, ['status', 'reversal_no'], values)] };
    },
  },
};
