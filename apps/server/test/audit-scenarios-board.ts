import { row, type ScenarioTable } from './audit-scenarios.js';

/** The trail scenarios of holds (issue 21): a plot held for a buyer, and released (audit-scenarios.ts). */

const hold = { buyerName: 'Trail Holder Buyer', buyerMobile: '98220 66601', days: 2, note: 'Site visit' };

export const BOARD_SCENARIOS: ScenarioTable = {
  'POST /api/plot/{plotId}/hold': {
    async run(c) {
      const plot = await c.f.plot();
      // The buyer exists already (found by mobile), so the hold is the one record written.
      await c.call('POST', '/api/buyer', { name: hold.buyerName, mobile: hold.buyerMobile });
      const res = await c.write('POST', `/api/plot/${plot.plotId}/hold`, hold);
      const fields = ['plot_id', 'project_id', 'buyer_id', 'note', 'held_from', 'held_until', 'held_by'];
      return {
        res,
        rows: [
          row('hold', res.json().holdId, 'create', c.user.id, fields, {
            plot_id: [null, plot.plotId],
            note: [null, 'Site visit'],
            held_by: [null, c.user.id],
          }),
        ],
      };
    },
  },
  'DELETE /api/plot/{plotId}/hold': {
    async run(c) {
      const plot = await c.f.plot();
      const made = (await c.call('POST', `/api/plot/${plot.plotId}/hold`, hold)).json();
      const res = await c.write('DELETE', `/api/plot/${plot.plotId}/hold`);
      return {
        res,
        rows: [
          row('hold', made.holdId, 'release', c.user.id, ['ended_at', 'end_reason'], {
            end_reason: [null, 'released'],
          }),
        ],
      };
    },
  },
};
