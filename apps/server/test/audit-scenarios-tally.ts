import { row, type ScenarioTable } from './audit-scenarios.js';

/** The trail scenarios of the Tally export: the company's ledger mapping (Settings → Tally ledgers). */
export const TALLY_SCENARIOS: ScenarioTable = {
  'PUT /api/tally/ledgers': {
    name: 'a tenant admin maps Cash to another ledger: one settings row with the changed ledger only',
    async run(c) {
      const current = (await c.call('GET', '/api/tally/ledgers')).json();
      const changed = { ...current, modes: { ...current.modes, Cash: 'Cash in Hand' } };
      const res = await c.write('PUT', '/api/tally/ledgers', changed, c.admin.token);
      return { res, rows: [row('settings', null, 'update', c.admin.id, ['modes.Cash'])] };
    },
  },
};
