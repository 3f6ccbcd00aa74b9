import { row, type ScenarioTable } from './audit-scenarios.js';

/** The trail scenarios of buyers (issue 20): a buyer created and edited (audit-scenarios.ts). */

export const BUYER_SCENARIOS: ScenarioTable = {
  'POST /api/buyer': {
    async run(c) {
      const res = await c.write('POST', '/api/buyer', {
        name: 'Trail Buyer',
        mobile: '98220 55501',
        pan: 'ABCDE1234F',
        aadhaar: '2345 6789 0123',
        coBuyers: [{ name: 'Co Buyer', relation: 'Wife' }],
      });
      const fields = ['name', 'mobile', 'pan', 'aadhaar_last4', 'co_buyers'];
      // The trail holds the PAN masked (a user may read a record's history) and only Aadhaar's last 4 digits.
      const values: Record<string, [unknown, unknown]> = { pan: [null, 'XXXXX1234X'], aadhaar_last4: [null, '0123'] };
      return {
        res,
        rows: [row('buyer', res.json().buyerId, 'create', c.user.id, fields, values)],
      };
    },
  },
  'PUT /api/buyer/{id}': {
    async run(c) {
      const made = (await c.call('POST', '/api/buyer', { name: 'Before Edit', mobile: '98220 55502' })).json();
      const res = await c.write('PUT', `/api/buyer/${made.buyerId}`, {
        name: 'After Edit',
        mobile: '98220 55502',
        nominee: { name: 'Nominee', relation: 'Son' },
      });
      return {
        res,
        rows: [
          row('buyer', made.buyerId, 'update', c.user.id, ['name', 'nominee'], {
            name: ['Before Edit', 'After Edit'],
          }),
        ],
      };
    },
  },
};
