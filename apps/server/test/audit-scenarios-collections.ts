import { row, type ScenarioTable } from './audit-scenarios.js';
import { workedExample } from './collections-suite.js';

/** The trail scenarios of Collections (issue 22): reminders sent, and the collection settings. */
export const COLLECTION_SCENARIOS: ScenarioTable = {
  'POST /api/collections/reminders': {
    name: 'one mail to a buyer for three overdue installments: one reminder row each',
    async run(c) {
      const ex = await workedExample(c.t, c.acme, c.user.token);
      const overdue = (await c.call('GET', `/api/collections/overdue?projectId=${ex.green.projectId}`)).json();
      const installmentIds = (overdue.data as { installmentId: number }[]).map((r) => r.installmentId);
      const res = await c.write('POST', '/api/collections/reminders', { installmentIds });
      const ids = await c.t.asTenant(c.acme, (tdb) =>
        tdb
          .selectFrom('installment_reminders')
          .select('id')
          .where('installment_id', 'in', installmentIds)
          .orderBy('id')
          .execute(),
      );
      return {
        res,
        rows: ids.map((r) => row('reminder', r.id, 'send', c.user.id, ['installment_id', 'recipient', 'kind'])),
      };
    },
  },
  'PUT /api/collections/settings': {
    name: 'a tenant admin turns late-payment interest on: one settings row with the changed field only',
    async run(c) {
      const current = (await c.call('GET', '/api/collections/settings')).json();
      const res = await c.write(
        'PUT',
        '/api/collections/settings',
        { ...current, lateInterestEnabled: true },
        c.admin.token,
      );
      return { res, rows: [row('settings', null, 'update', c.admin.id, ['late_interest_enabled'])] };
    },
  },
};
