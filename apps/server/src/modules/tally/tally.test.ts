import { paise } from '@plotbook/domain';
import ExcelJS from 'exceljs';
import { XMLParser } from 'fast-xml-parser';
import { describe, expect, it } from 'vitest';
import { type factories, setUpCompanies } from '../../../test/factories.js';
import { engines, type TestContext } from '../../../test/helpers.js';
import type { TenantRecord } from '../../db/tenancy.js';

const FROM = '2026-10-01';
const TO = '2026-11-30';
const inRange = (date: string) => date >= FROM && date <= TO;
const MONTHS = ['2026-10', '2026-11'];

interface Entry {
  LEDGERNAME: string;
  ISDEEMEDPOSITIVE: 'Yes' | 'No';
  AMOUNT: string;
}
interface Voucher {
  '@_VCHTYPE': string;
  '@_ACTION': string;
  DATE: string;
  VOUCHERNUMBER: string;
  NARRATION: string;
  'ALLLEDGERENTRIES.LIST': Entry[];
}

/** The file as Tally reads it: a real XML parser, every list an array, every value text. */
const parser = new XMLParser({
  ignoreAttributes: false,
  parseTagValue: false,
  isArray: (name) => ['TALLYMESSAGE', 'ALLLEDGERENTRIES.LIST'].includes(name),
});
const paiseOf = (amount: string) => Math.round(Number(amount) * 100);

/** Issue 22, item 6: the Tally export of the money that moved in a range, and its ledger mapping. */
describe.each(engines)('the Tally export on $name', (engine) => {
  let t: TestContext;
  let acme: TenantRecord;
  let token: string;
  let f: ReturnType<typeof factories>;
  let second: TenantRecord;
  let secondToken: string;
  setUpCompanies(engine, (c) => ({ t, acme, token, f, second, secondToken } = c), { second: 'beta' });

  const api = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: unknown, as = token) =>
    t.call(acme.tenantId, { method, url, token: as, ...(payload ? { payload: payload as object } : {}) });
  const ok = async (method: 'POST' | 'PUT' | 'DELETE', url: string, payload?: unknown) => {
    const res = await api(method, url, payload);
    expect(res.statusCode, `${method} ${url}: ${res.body}`).toBeLessThan(300);
    return res.json();
  };

  /** A company's books over Oct–Nov 2026 with a row of every kind in and out of the range, and every excluded state. */
  const books = async () => {
    const project = await f.project({ plots: 3, name: 'ग्रीन व्हॅली' });
    const [p1, p2, p3] = project.plots as unknown as { plotId: number }[] as [
      { plotId: number },
      { plotId: number },
      { plotId: number },
    ];
    const partnerId = await f.partner({ projectId: project.projectId, name: 'सुनील & <देशमुख>', share: 100 });
    const projectId = project.projectId;
    const sale = async (plotId: number, buyerName: string) =>
      (
        await ok('POST', '/api/sale', {
          projectId,
          plotId,
          saleDate: '2026-10-02',
          saleAmount: 100000,
          paymentType: 'Cash',
          buyerName,
        })
      ).saleId as number;
    const sale1 = await sale(p1.plotId, 'रमेश पाटील');
    const receiptNos = new Map<number, string | null>();
    const pay = async (plotId: number, status: string, payments: object[]) => {
      const saved = await ok('POST', '/api/payment', { projectId, plotId, status, payments });
      receiptNos.set(saved.receiptId, saved.receiptNo ?? null);
      return saved.receiptId as number;
    };
    const line = (o: object) => ({
      particular: 'Advance',
      date: '2026-10-05',
      mode: 'Cash',
      amount: 10000,
      partnerId,
      ...o,
    });
    // In: a Completed receipt of two lines, one received by the partner in person.
    const completed = await pay(p1.plotId, 'Completed', [
      line({}),
      line({ particular: 'Booking', mode: 'Cheque', modeDetail: 'CHQ 11', amount: 5000.5 }),
    ]);
    // Out: Pending, Cancelled, Reversed, a voided line, and a receipt after the range.
    await pay(p1.plotId, 'Pending', [line({ amount: 7000, date: '2026-10-06' })]);
    const cancelled = await pay(p1.plotId, 'Pending', [line({ amount: 3000, date: '2026-10-07' })]);
    await ok('PUT', `/api/payment/${cancelled}/status`, { status: 'Cancelled' });
    const reversed = await pay(p1.plotId, 'Completed', [line({ amount: 4000, date: '2026-10-08' })]);
    await ok('POST', `/api/payment/${reversed}/reverse`, { reason: 'Wrong plot' });
    await pay(p1.plotId, 'Completed', [line({ amount: 2000, date: '2026-12-01' })]);
    // Payments: purchases (one voided, one before the range), development, a payout, a refund paid and one pending.
    const buy = async (o: object) =>
      (
        await ok('POST', '/api/purchase', [
          {
            projectId,
            partnerId,
            particular: 'Kharedikhar',
            date: '2026-10-10',
            mode: 'Online',
            amount: 20000,
            creditTo: 'शेतकरी गणपत',
            ...o,
          },
        ])
      ).ids[0] as number;
    await buy({});
    const voided = await buy({ amount: 999 });
    await ok('DELETE', `/api/purchase/${voided}`, { reason: 'Entered twice' });
    await buy({ date: '2026-09-30', amount: 111 });
    await ok('POST', '/api/development', [
      {
        projectId,
        partnerId,
        category: 'per_project',
        plotId: null,
        particular: 'Road Rate',
        date: '2026-11-01',
        mode: 'Cheque',
        amount: 12000,
      },
    ]);
    await ok('POST', '/api/partner-payout', { projectId, partnerId, date: '2026-11-15', mode: 'UPI', amount: 1500 });
    const sale2 = await sale(p2.plotId, 'Asha <B>');
    await pay(p2.plotId, 'Completed', [line({ amount: 8000, date: '2026-10-20' })]);
    await ok('POST', `/api/sale/${sale2}/cancel`, {
      date: '2026-11-10',
      reason: 'Withdrew',
      refundAmount: 6000,
      refundMode: 'Bank Transfer',
      retainedAmount: 2000,
    });
    const sale3 = await sale(p3.plotId, 'Pending Refund');
    await pay(p3.plotId, 'Completed', [line({ amount: 9000, date: '2026-10-21' })]);
    await ok('POST', `/api/sale/${sale3}/cancel`, {
      date: '2026-11-11',
      reason: 'Withdrew',
      refundAmount: 9000,
      refundMode: 'Cheque',
      modeDetail: 'CHQ 9',
      retainedAmount: 0,
    });
    return { projectId, partnerId, completed, completedNo: receiptNos.get(completed), sale1 };
  };

  const exportXml = async (as = token, tenant = acme) => {
    const res = await t.call(tenant.tenantId, {
      method: 'GET',
      url: `/api/export/tally?from=${FROM}&to=${TO}`,
      token: as,
    });
    return res;
  };
  const vouchersOf = (xml: string): Voucher[] => {
    const doc = parser.parse(xml);
    const data = doc.ENVELOPE.BODY.IMPORTDATA;
    return data.REQUESTDATA.TALLYMESSAGE.map((m: { VOUCHER: Voucher }) => m.VOUCHER);
  };

  it('writes a Tally import file whose vouchers add up to the reports’ receipts and payments of the range', async () => {
    const { projectId, completedNo } = await books();
    const res = await exportXml();
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toMatch(/^application\/xml/);
    expect(res.headers['content-disposition']).toBe(`attachment; filename="tally-${FROM}-to-${TO}.xml"`);
    const doc = parser.parse(res.body);
    expect(doc.ENVELOPE.HEADER.TALLYREQUEST).toBe('Import Data');
    expect(doc.ENVELOPE.BODY.IMPORTDATA.REQUESTDESC.REPORTNAME).toBe('Vouchers');
    const vouchers = vouchersOf(res.body);

    // Every voucher: Create, a yyyymmdd date in the range, balanced debits (negative) and credits (positive).
    for (const v of vouchers) {
      expect(v['@_ACTION']).toBe('Create');
      expect(v.DATE).toMatch(/^2026(10|11)\d{2}$/);
      const entries = v['ALLLEDGERENTRIES.LIST'];
      for (const e of entries) {
        expect(e.AMOUNT).toMatch(/^-?\d+\.\d{2}$/);
        expect(e.ISDEEMEDPOSITIVE === 'Yes').toBe(e.AMOUNT.startsWith('-'));
      }
      expect(entries.reduce((s, e) => s + paiseOf(e.AMOUNT), 0)).toBe(0);
    }
    const amount = (v: Voucher) =>
      v['ALLLEDGERENTRIES.LIST'].filter((e) => e.ISDEEMEDPOSITIVE === 'No').reduce((s, e) => s + paiseOf(e.AMOUNT), 0);
    const sumOf = (type: string) => vouchers.filter((v) => v['@_VCHTYPE'] === type).reduce((s, v) => s + amount(v), 0);

    // The reports' figures of the same range (whole months): received and refunded from Month Wise, farmers' from
    // Farmer Account, development and payouts from their lists.
    const monthWise = (await api('GET', `/api/report/payment-month-wise/${projectId}`)).json();
    const months = monthWise.data.filter((m: { month: string }) => MONTHS.includes(m.month));
    const rupeesSum = (rows: object[], pick: (r: never) => number) =>
      rows.reduce((s, r) => s + Math.round(pick(r as never) * 100), 0);
    const received = rupeesSum(
      months,
      (m: { amountReceived: number; emiReceived: number }) => m.amountReceived + m.emiReceived,
    );
    const refunds = rupeesSum(months, (m: { refunds: number }) => m.refunds);
    const farmers = (await api('GET', `/api/farmer-account/${projectId}`))
      .json()
      .data.filter((r: { date: string }) => inRange(r.date));
    const development = (await api('GET', `/api/development/by-project/${projectId}`))
      .json()
      .filter((r: { date: string }) => inRange(r.date));
    const payouts = (await api('GET', `/api/partner-payout?projectId=${projectId}`))
      .json()
      .filter((r: { date: string }) => inRange(r.date));
    const paid = rupeesSum([...farmers, ...development, ...payouts], (r: { amount: number }) => r.amount) + refunds;
    expect(received).toBe(10000_00 + 5000_50 + 8000_00 + 9000_00);
    expect(sumOf('Receipt')).toBe(received);
    expect(paid).toBe(20000_00 + 12000_00 + 1500_00 + 6000_00);
    expect(sumOf('Payment')).toBe(paid);

    // A sample receipt, numbered by its receipt number (RCT/yy-yy/nnnnn): the partner's ledger and the Bank debited,
    // Plot Sales credited; names in UTF-8.
    const receiptNo = completedNo;
    expect(receiptNo).toMatch(/^RCT\/\d\d-\d\d\/\d{5}$/);
    const receipt = vouchers.find((v) => v.VOUCHERNUMBER === receiptNo) as Voucher;
    expect(receipt).toMatchObject({ '@_VCHTYPE': 'Receipt', DATE: '20261005' });
    expect(receipt.NARRATION).toBe(
      'Received from रमेश पाटील, ग्रीन व्हॅली, plot P1, Advance + Booking, ref CHQ 11, partner सुनील & <देशमुख>',
    );
    expect(receipt['ALLLEDGERENTRIES.LIST']).toEqual([
      { LEDGERNAME: 'Cash', ISDEEMEDPOSITIVE: 'Yes', AMOUNT: '-10000.00' },
      { LEDGERNAME: 'Bank', ISDEEMEDPOSITIVE: 'Yes', AMOUNT: '-5000.50' },
      { LEDGERNAME: 'Plot Sales', ISDEEMEDPOSITIVE: 'No', AMOUNT: '15000.50' },
    ]);
    expect(res.body).toContain('partner सुनील &amp; &lt;देशमुख&gt;</NARRATION>');
    // Left out: Pending, Cancelled, Reversed, outside the range, the voided purchase, the pending refund cheque.
    const amounts = vouchers.map(amount);
    for (const absent of [7000_00, 3000_00, 4000_00, 2000_00, 999_00, 111_00]) expect(amounts).not.toContain(absent);
    expect(
      vouchers
        .filter((v) => v['@_VCHTYPE'] === 'Payment')
        .map(amount)
        .sort((a, b) => a - b),
    ).toEqual([1500_00, 6000_00, 12000_00, 20000_00]);
  });

  it('never shows another company’s money, and keeps its own mapping', async () => {
    await books();
    const theirs = await exportXml(secondToken, second);
    expect(theirs.statusCode).toBe(200);
    expect(parser.parse(theirs.body).ENVELOPE.BODY.IMPORTDATA.REQUESTDATA).toBe('');
  });

  it('lets any user export, only a tenant admin change the ledgers, and refuses a bad range', async () => {
    expect((await exportXml()).statusCode).toBe(200);
    expect(
      (await t.call(acme.tenantId, { method: 'GET', url: `/api/export/tally?from=${FROM}&to=${TO}` })).statusCode,
    ).toBe(401);
    const ledgers = (await api('GET', '/api/tally/ledgers')).json();
    expect(ledgers.modes).toMatchObject({ Cash: 'Cash', Cheque: 'Bank', UPI: 'Bank', Online: 'Bank' });
    expect(ledgers.receipt.Advance).toBe('Plot Sales');
    expect((await api('PUT', '/api/tally/ledgers', ledgers)).statusCode).toBe(403);
    const bad = await api('GET', `/api/export/tally?from=${TO}&to=${FROM}`);
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toMatch(/From date may not be after To date/);
  });

  it('saves a tenant admin’s mapping, trails it, and uses it in the export', async () => {
    const admin = await t.userToken(acme, 'TENANT_ADMIN', 'tally-admin@acme.test');
    const ledgers = (await api('GET', '/api/tally/ledgers', undefined, admin)).json();
    const changed = { ...ledgers, companyName: 'Acme & Sons', modes: { ...ledgers.modes, Cash: 'Cash in Hand' } };
    const put = await api('PUT', '/api/tally/ledgers', changed, admin);
    expect(put.statusCode, put.body).toBe(200);
    expect(put.json().modes.Cash).toBe('Cash in Hand');
    const blank = await api('PUT', '/api/tally/ledgers', { ...changed, refund: ' ' }, admin);
    expect(blank.statusCode).toBe(400);
    expect(blank.json().message).toMatch(/Refund: enter a ledger name/);
    const { projectId } = await f.project({ plots: 1 });
    const partnerId = await f.partner({ projectId });
    await ok('POST', '/api/purchase', [
      { projectId, partnerId, particular: 'Visarpavti', date: '2026-10-03', mode: 'Cash', amount: 500 },
    ]);
    const res = await exportXml();
    const doc = parser.parse(res.body);
    expect(doc.ENVELOPE.BODY.IMPORTDATA.REQUESTDESC.STATICVARIABLES.SVCURRENTCOMPANY).toBe('Acme & Sons');
    const purchase = vouchersOf(res.body).find((v) => v.DATE === '20261003') as Voucher;
    expect(purchase['ALLLEDGERENTRIES.LIST']).toEqual([
      { LEDGERNAME: 'Land Purchase', ISDEEMEDPOSITIVE: 'Yes', AMOUNT: '-500.00' },
      { LEDGERNAME: 'Cash in Hand', ISDEEMEDPOSITIVE: 'No', AMOUNT: '500.00' },
    ]);
    const trail = (await api('GET', '/api/audit?entity=settings', undefined, admin)).json();
    expect(JSON.stringify(trail)).toContain('modes.Cash');
  });

  it('writes the same rows as an .xlsx with Indian digit grouping', async () => {
    const { projectId } = await f.project({ plots: 1 });
    const partnerId = await f.partner({ projectId });
    await ok('POST', '/api/purchase', [
      { projectId, partnerId, particular: 'Kharedikhar', date: '2026-11-03', mode: 'Online', amount: 1234567.5 },
    ]);
    const res = await t.call(acme.tenantId, {
      method: 'GET',
      url: `/api/export/tally/xlsx?from=${FROM}&to=${TO}`,
      token,
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-disposition']).toBe(`attachment; filename="tally-${FROM}-to-${TO}.xlsx"`);
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(res.rawPayload as never);
    const sheet = book.worksheets[0] as ExcelJS.Worksheet;
    expect((sheet.getRow(1).values as unknown[]).slice(1)).toEqual([
      'Date',
      'Voucher Type',
      'Voucher No',
      'Ledger',
      'Dr/Cr',
      'Debit (₹)',
      'Credit (₹)',
      'Narration',
    ]);
    const rows = sheet.getRows(2, sheet.rowCount - 1) ?? [];
    const big = rows.slice(0, -1).filter((r) => r.getCell(6).value === 1234567.5 || r.getCell(7).value === 1234567.5);
    expect(big.map((r) => [r.getCell(2).value, r.getCell(5).value])).toEqual([
      ['Payment', 'Dr'],
      ['Payment', 'Cr'],
    ]);
    expect(big[0]?.getCell(6).numFmt).toBe('[>=10000000]##,##,##,##0.00;[>=100000]##,##,##0.00;##,##0.00');
    expect(big[0]?.getCell(1).value).toEqual(new Date(Date.UTC(2026, 10, 3)));
    const total = rows.at(-1) as ExcelJS.Row;
    expect(total.getCell(4).value).toBe('Total');
    expect(total.getCell(6).value).toBe(total.getCell(7).value);
    expect(paise(Math.round(Number(total.getCell(6).value) * 100))).toBeGreaterThan(123456750 - 1);
  });
});
