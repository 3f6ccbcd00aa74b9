import { row, type ScenarioTable } from './audit-scenarios.js';
import { soldPlot } from './audit-scenarios-money.js';

/** The trail scenarios of the tax and cash rules: the company's settings and a sale's agreement date (RERA s.13). */
export const TAX_SCENARIOS: ScenarioTable = {
  'PUT /api/company-settings': {
    name: 'a tenant admin changes the TDS rate: one settings row with the changed field only',
    async run(c) {
      const current = (await c.call('GET', '/api/company-settings')).json();
      const res = await c.write('PUT', '/api/company-settings', { ...current, tdsRate: 1.5 }, c.admin.token);
      // Only the rate: the cash rule stays 'warn', so the other scenarios' receipts are saved as before.
      return { res, rows: [row('settings', null, 'update', c.admin.id, ['tds_rate_hundredths'])] };
    },
  },
  'PUT /api/sale/{saleId}/agreement': {
    async run(c) {
      const { saleId } = await soldPlot(c);
      const res = await c.write('PUT', `/api/sale/${saleId}/agreement`, { agreementDate: '2026-10-20' });
      const values = { agreement_date: [null, '2026-10-20'] as [null, string] };
      return { res, rows: [row('sale', saleId, 'update', c.user.id, ['agreement_date'], values)] };
    },
  },
};
