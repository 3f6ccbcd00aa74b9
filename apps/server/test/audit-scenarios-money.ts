import { paise } from '@plotbook/domain';
import { row, type ScenarioTable, type TrailContext } from './audit-scenarios.js';

/** The trail scenarios of a company's money: purchases, development, sales, receipts, registrations, payouts. */

/** A purchase or development row's columns (mode detail and credit-to left empty, so not recorded). */
const MONEY_FIELDS = ['project_id', 'partner_id', 'particular', 'entry_date', 'mode', 'mode_date', 'amount_paise'];

/** A project and a partner of it, built as the user. */
async function owners(c: TrailContext) {
  const project = await c.f.project({ plots: 2 });
  const partnerId = await c.f.partner({ projectId: project.projectId, share: 100 });
  return { project, projectId: project.projectId, partnerId };
}

const purchase = (projectId: number, partnerId: number, amount: number) => ({
  projectId,
  partnerId,
  particular: 'Kharedikhar',
  date: '2026-02-01',
  mode: 'Cash',
  amount,
});

/** A plot of a new project sold for ₹ 1,00,000 (in full, with its receipts), with the project's one partner. */
export async function soldPlot(c: TrailContext, receipts: Parameters<TrailContext['f']['sale']>[0]['receipts'] = []) {
  const { project, projectId, partnerId } = await owners(c);
  const plotId = project.plots[0]?.plotId as number;
  const sale = await c.f.sale({ projectId, plotId, amountPaise: paise(100000_00), receipts });
  return { projectId, plotId, partnerId, ...sale };
}

export const MONEY_SCENARIOS: ScenarioTable = {
  'POST /api/purchase': {
    name: 'a batch of two rows: one trail row each',
    async run(c) {
      const { projectId, partnerId } = await owners(c);
      const res = await c.write('POST', '/api/purchase', [
        purchase(projectId, partnerId, 1000),
        purchase(projectId, partnerId, 2500.5),
      ]);
      const ids = res.json().ids as number[];
      return { res, rows: ids.map((id) => row('purchase', id, 'create', c.user.id, MONEY_FIELDS)) };
    },
  },
  'PUT /api/purchase/{id}': {
    async run(c) {
      const { id, projectId, partnerId } = await c.f.purchase({ amount: 1000 });
      const res = await c.write('PUT', `/api/purchase/${id}`, purchase(projectId, partnerId, 1500));
      const values = { amount_paise: [100000, 150000] as [number, number] };
      return { res, rows: [row('purchase', id, 'update', c.user.id, ['amount_paise'], values)] };
    },
  },
  'DELETE /api/purchase/{id}': {
    async run(c) {
      const { id } = await c.f.purchase();
      const res = await c.write('DELETE', `/api/purchase/${id}`, { reason: 'Entered twice' });
      return { res, rows: [row('purchase', id, 'void', c.user.id, ['voided'])] };
    },
  },
  'POST /api/development': {
    async run(c) {
      const { projectId, partnerId } = await owners(c);
      const res = await c.write('POST', '/api/development', [
        { ...purchase(projectId, partnerId, 12000), particular: 'Road Rate', category: 'per_project', plotId: null },
      ]);
      const id = res.json().ids[0] as number;
      return { res, rows: [row('development', id, 'create', c.user.id, [...MONEY_FIELDS, 'category'])] };
    },
  },
  'DELETE /api/development/{id}': {
    async run(c) {
      const { id } = await c.f.development();
      const res = await c.write('DELETE', `/api/development/${id}?reason=${encodeURIComponent('Wrong project')}`);
      return { res, rows: [row('development', id, 'void', c.user.id, ['voided'])] };
    },
  },
  'POST /api/partnercontribution/update': {
    async run(c) {
      const { id, partnerId } = await c.f.development({ amount: 12000 });
      const res = await c.write('POST', '/api/partnercontribution/update', {
        developmentId: id,
        partnerId,
        particular: 'Road Rate',
        date: '2026-04-01',
        mode: 'Cash',
        amount: 15000,
      });
      return { res, rows: [row('contribution', id, 'update', c.user.id, ['amount_paise'])] };
    },
  },
  'POST /api/partnercontribution/delete': {
    async run(c) {
      const { id } = await c.f.development();
      const res = await c.write('POST', '/api/partnercontribution/delete', { developmentId: id, reason: 'Not paid' });
      return { res, rows: [row('contribution', id, 'void', c.user.id, ['voided'])] };
    },
  },
  'POST /api/sale': {
    async run(c) {
      const plot = await c.f.plot();
      const body = { projectId: plot.projectId, plotId: plot.plotId, saleAmount: 800000, paymentType: 'Cash' };
      const res = await c.write('POST', '/api/sale', body);
      const fields = [
        'project_id',
        'plot_id',
        'sale_date',
        'sale_amount_paise',
        'payment_type',
        'advance_amount_paise',
        'visarpawati_amount_paise',
        'emi_total_paise',
        'monthly_amount_paise',
        'installments',
      ];
      return { res, rows: [row('sale', res.json().saleId, 'create', c.user.id, fields)] };
    },
  },
  'POST /api/payment': {
    async run(c) {
      const sold = await soldPlot(c);
      const line = { particular: 'Advance', date: '2026-10-05', mode: 'Cash', partnerId: sold.partnerId };
      const res = await c.write('POST', '/api/payment', {
        projectId: sold.projectId,
        plotId: sold.plotId,
        status: 'Completed',
        payments: [
          { ...line, amount: 10000 },
          { ...line, amount: 2500 },
        ],
      });
      const fields = ['project_id', 'plot_id', 'sale_id', 'status', 'total_paise', 'lines', 'receipt_no'];
      const values = { total_paise: [null, 1250000] as [null, number], lines: [null, 2] as [null, number] };
      return { res, rows: [row('receipt', res.json().receiptId, 'create', c.user.id, fields, values)] };
    },
  },
  'PUT /api/payment/{id}/status': {
    async run(c) {
      const sold = await soldPlot(c, [{ status: 'Pending', amountPaise: paise(10000_00), date: '2026-10-05' }]);
      const receiptId = sold.receiptIds[0] as number;
      const res = await c.write('PUT', `/api/payment/${receiptId}/status`, { status: 'Completed' });
      const values = { status: ['Pending', 'Completed'] as [string, string] };
      // Cleared, it takes its number in the year's series.
      return { res, rows: [row('receipt', receiptId, 'status', c.user.id, ['status', 'receipt_no'], values)] };
    },
  },
  'POST /api/registration': {
    async run(c) {
      const sold = await soldPlot(c, [{ status: 'Completed', amountPaise: paise(100000_00), date: '2026-10-05' }]);
      const res = await c.write('POST', '/api/registration', {
        plotId: sold.plotId,
        registrationOffice: 'Sub-Registrar, Nagpur',
        registrationDate: '2026-11-15',
        documentNo: 'NGP-2026-0412',
      });
      const fields = ['plot_id', 'registration_office', 'registration_date', 'document_no'];
      return { res, rows: [row('registration', res.json().id, 'create', c.user.id, fields)] };
    },
  },
  'POST /api/partner-payout': {
    async run(c) {
      const sold = await soldPlot(c, [{ status: 'Completed', amountPaise: paise(50000_00), date: '2026-10-05' }]);
      await c.f.creditReceipt(sold.receiptIds[0] as number, sold.partnerId);
      const res = await c.write('POST', '/api/partner-payout', {
        projectId: sold.projectId,
        partnerId: sold.partnerId,
        date: '2026-11-01',
        mode: 'Bank Transfer',
        modeDetail: 'NEFT UTR 4411',
        amount: 300,
        note: 'First share',
      });
      const fields = ['project_id', 'partner_id', 'payout_date', 'mode', 'mode_detail', 'amount_paise', 'note'];
      const values = {
        amount_paise: [null, 30000] as [null, number],
        partner_id: [null, sold.partnerId] as [null, number],
      };
      return { res, rows: [row('payout', res.json().payoutId, 'create', c.user.id, fields, values)] };
    },
  },
};
