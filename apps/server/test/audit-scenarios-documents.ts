import { row, type ScenarioTable, type TrailContext } from './audit-scenarios.js';

/** The trail scenarios of issue 22's documents: the Company Profile, and a document mailed to its buyer. */

/** A buyer with an email, a sale of a new plot to them and a Completed receipt of ₹ 10,000 (numbered). */
async function numberedReceipt(c: TrailContext) {
  const buyer = (
    await c.call('POST', '/api/buyer', { name: 'Mail Buyer', mobile: '98220 55561', email: 'mail.buyer@example.com' })
  ).json();
  const project = await c.f.project({ plots: 1 });
  const partnerId = await c.f.partner({ projectId: project.projectId });
  const plotId = (project.plots[0] as { plotId: number }).plotId;
  await c.call('POST', '/api/sale', {
    projectId: project.projectId,
    plotId,
    saleDate: '2026-10-02',
    saleAmount: 100000,
    paymentType: 'Cash',
    advanceAmount: 0,
    visarpawatiAmount: 0,
    buyerId: buyer.buyerId,
  });
  const receipt = await c.call('POST', '/api/payment', {
    projectId: project.projectId,
    plotId,
    status: 'Completed',
    payments: [{ particular: 'Advance', date: '2026-10-05', mode: 'Cash', amount: 10000, partnerId }],
  });
  return receipt.json() as { receiptId: number; receiptNo: string };
}

export const DOCUMENT_SCENARIOS: ScenarioTable = {
  'PUT /api/company-profile': {
    name: 'a tenant admin sets the letterhead and the receipt prefix: one settings row with the changed fields',
    async run(c) {
      const res = await c.write(
        'PUT',
        '/api/company-profile',
        { companyName: 'Acme Plots', gstin: '27ABCDE1234F1Z5', receiptPrefix: 'RCT' },
        c.admin.token,
      );
      const values = { company_name: [null, 'Acme Plots'] as [null, string] };
      return { res, rows: [row('settings', null, 'update', c.admin.id, ['company_name', 'gstin'], values)] };
    },
  },
  'POST /api/document/mail': {
    name: 'a receipt mailed to its buyer: its print (copy 1) and the mail, each a document row',
    async run(c) {
      const { receiptId, receiptNo } = await numberedReceipt(c);
      const res = await c.write('POST', '/api/document/mail', { kind: 'receipt', id: receiptId });
      const file = `${receiptNo.replaceAll('/', '-')}.pdf`;
      return {
        res,
        rows: [
          row('document', receiptId, 'print', c.user.id, ['kind', 'copy', 'receipt_no'], { copy: [null, 1] }),
          row('document', receiptId, 'send', c.user.id, ['kind', 'to', 'file'], {
            to: [null, 'mail.buyer@example.com'],
            file: [null, file],
          }),
        ],
      };
    },
  },
};
