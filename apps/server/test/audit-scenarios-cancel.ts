import { paise } from '@plotbook/domain';
import { row, type ScenarioTable, type TrailContext } from './audit-scenarios.js';
import { soldPlot as sold } from './audit-scenarios-money.js';

/** The trail scenarios of a sale's cancellation with refund (issue 20): the cancel, and its refund cheque cleared. */

/** A sold plot that has received ₹ 30,000, cancelled with ₹ 25,000 refunded by cheque when `cancel` is true. */
async function cancelled(c: TrailContext, cancel: boolean) {
  const s = await sold(c, [{ status: 'Completed', amountPaise: paise(30000_00), date: '2026-10-05' }]);
  const body = {
    date: '2026-11-10',
    reason: 'Buyer withdrew',
    refundAmount: 25000,
    refundMode: 'Cheque',
    modeDetail: 'CHQ 4411',
    retainedAmount: 5000,
  };
  if (cancel) await c.call('POST', `/api/sale/${s.saleId}/cancel`, body);
  return { ...s, body };
}

export const CANCEL_SCENARIOS: ScenarioTable = {
  'POST /api/sale/{saleId}/cancel': {
    async run(c) {
      const s = await cancelled(c, false);
      const res = await c.write('POST', `/api/sale/${s.saleId}/cancel`, s.body);
      const fields = [
        'status',
        'cancel_date',
        'received_paise',
        'refund_paise',
        'retained_paise',
        'refund_mode',
        'mode_detail',
        'refund_status',
      ];
      const values = {
        refund_paise: [null, 25000_00] as [null, number],
        retained_paise: [null, 5000_00] as [null, number],
      };
      return { res, rows: [row('sale', s.saleId, 'cancel', c.user.id, fields, values)] };
    },
  },
  'POST /api/sale/{saleId}/refund/clear': {
    async run(c) {
      const s = await cancelled(c, true);
      const res = await c.write('POST', `/api/sale/${s.saleId}/refund/clear`, { date: '2026-12-01' });
      return { res, rows: [row('sale', s.saleId, 'refund', c.user.id, ['refund_status', 'refund_paid_date'])] };
    },
  },
};
