import { row, type ScenarioTable } from './audit-scenarios.js';
import { soldPlot } from './audit-scenarios-money.js';

/** The trail scenario of a sale handed to another buyer (issue 20, item 4): one sale row, action 'transfer', with its reason. */
export const TRANSFER_SCENARIOS: ScenarioTable = {
  'POST /api/sale/{saleId}/transfer': {
    async run(c) {
      const s = await soldPlot(c);
      const buyer = await c.call('POST', '/api/buyer', { name: 'Ravi Kulkarni', mobile: '98220 33333' });
      const toBuyerId = buyer.json().buyerId as number;
      const res = await c.write('POST', `/api/sale/${s.saleId}/transfer`, {
        date: '2026-11-05',
        toBuyerId,
        transferFee: 25000,
        reason: 'Booking handed to a relative',
      });
      const fields = ['buyer_id', 'buyer_name', 'buyer_mobile', 'transfer_fee_paise', 'transfer_date', 'transfer_id'];
      const values = {
        buyer_id: [null, toBuyerId] as [unknown, unknown],
        transfer_fee_paise: [0, 2500000] as [unknown, unknown],
      };
      return { res, rows: [row('sale', s.saleId, 'transfer', c.user.id, fields, values)] };
    },
  },
};
