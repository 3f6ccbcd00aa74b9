import { paise } from '@plotbook/domain';
import { row, type ScenarioTable, type TrailContext } from './audit-scenarios.js';
import { soldPlot as sold } from './audit-scenarios-money.js';

/** The trail scenarios of the corrections of money (issue 19): a payout voided, a Pending receipt's line edited or voided. */

/** A Pending receipt of two lines, ₹ 10,000 and ₹ 2,500: its id and its lines' ids. */
async function pendingReceipt(c: TrailContext) {
  const s = await sold(c);
  const line = { particular: 'Advance', date: '2026-11-02', mode: 'Cheque', partnerId: s.partnerId };
  const saved = await c.call('POST', '/api/payment', {
    projectId: s.projectId,
    plotId: s.plotId,
    status: 'Pending',
    payments: [
      { ...line, amount: 10000 },
      { ...line, amount: 2500 },
    ],
  });
  const receiptId = saved.json().receiptId as number;
  const [receipt] = (await c.call('GET', `/api/payment/plot/${s.plotId}`)).json();
  const [first, second] = receipt.lines.map((l: { receiptLineId: number }) => l.receiptLineId) as [number, number];
  return { receiptId, first, second };
}

export const VOID_SCENARIOS: ScenarioTable = {
  'POST /api/partner-payout/{id}/void': {
    async run(c) {
      const s = await sold(c, [{ status: 'Completed', amountPaise: paise(50000_00), date: '2026-10-05' }]);
      await c.f.creditReceipt(s.receiptIds[0] as number, s.partnerId);
      const payout = await c.call('POST', '/api/partner-payout', {
        projectId: s.projectId,
        partnerId: s.partnerId,
        date: '2026-11-01',
        mode: 'Cash',
        amount: 300,
      });
      const id = payout.json().payoutId as number;
      const res = await c.write('POST', `/api/partner-payout/${id}/void`, { reason: 'Paid to the wrong partner' });
      return { res, rows: [row('payout', id, 'void', c.user.id, ['voided'])] };
    },
  },
  'PUT /api/payment/line/{lineId}': {
    async run(c) {
      const { receiptId, second } = await pendingReceipt(c);
      const res = await c.write('PUT', `/api/payment/line/${second}`, {
        amount: 2000,
        reason: 'Typo in cheque amount',
      });
      const values = { amount_paise: [250000, 200000] as [number, number] };
      return {
        res,
        rows: [row('receipt', receiptId, 'update', c.user.id, ['line_id', 'amount_paise', 'total_paise'], values)],
      };
    },
  },
  'POST /api/payment/line/{lineId}/void': {
    async run(c) {
      const { receiptId, second } = await pendingReceipt(c);
      const res = await c.write('POST', `/api/payment/line/${second}/void`, { reason: 'Cheque returned' });
      const values = { total_paise: [1250000, 1000000] as [number, number] };
      return {
        res,
        rows: [row('receipt', receiptId, 'void', c.user.id, ['line_id', 'voided', 'total_paise'], values)],
      };
    },
  },
};
