import { GSTIN_MESSAGE, LOGO_MESSAGE, RECEIPT_PREFIX_MESSAGE } from '@plotbook/domain';
import { beforeAll, describe, expect, it } from 'vitest';
import { buyerWithSale, documentsSuite, LOGO_PNG } from '../../../test/documents-suite.js';
import { engines } from '../../../test/helpers.js';

describe.each(engines)('documents and Company Profile: who may, and another company’s ids, on $name', (engine) => {
  const s = documentsSuite(engine, () => {});
  const { api } = s;
  let sold: Awaited<ReturnType<typeof buyerWithSale>>;
  let receiptId: number;
  beforeAll(async () => {
    await s.setUp();
    sold = await buyerWithSale(api, s.get().f, { mobile: '9822011201' });
    const payment = await api('POST', '/api/payment', {
      projectId: sold.projectId,
      plotId: sold.plotId,
      status: 'Completed',
      payments: [{ particular: 'Advance', date: '2026-10-05', mode: 'Cash', amount: 1000, partnerId: sold.partnerId }],
    });
    receiptId = payment.json().receiptId;
  });

  const urls = () => [
    `/api/payment/${receiptId}/pdf`,
    `/api/buyer/${sold.buyerId}/statement/pdf`,
    `/api/sale/${sold.saleId}/allotment-letter/pdf`,
  ];

  it('answers 401 without a sign-in, and 404 to another company’s user for this company’s ids', async () => {
    const { t, second, secondToken } = s.get();
    for (const url of urls()) {
      expect((await t.call(s.get().acme.tenantId, { method: 'GET', url })).statusCode).toBe(401);
      const res = await t.call(second.tenantId, { method: 'GET', url, token: secondToken });
      expect(res.statusCode, url).toBe(404);
    }
    const mail = await t.call(second.tenantId, {
      method: 'POST',
      url: '/api/document/mail',
      token: secondToken,
      payload: { kind: 'receipt', id: receiptId },
    });
    expect(mail.statusCode).toBe(404);
  });

  it('lets a user print and read the profile, and only a tenant admin change it', async () => {
    for (const url of urls()) expect((await api('GET', url)).statusCode, url).toBe(200);
    const profile = await api('GET', '/api/company-profile');
    expect(profile.json()).toEqual({
      companyName: 'श्री गणेश लँड डेव्हलपर्स (Shree Ganesh Land Developers)',
      address: 'प्लॉट २, धंतोली, नागपूर 440012',
      gstin: '27ABCDE1234F1Z5',
      pan: 'ABCDE1234F',
      reraNo: 'P50500012345',
      receiptPrefix: 'PBK',
      logoType: 'image/png',
    });
    const logo = await api('GET', '/api/company-profile/logo');
    expect(logo.headers['content-type']).toBe('image/png');
    expect(logo.rawPayload.equals(Buffer.from(LOGO_PNG, 'base64'))).toBe(true);
    const refused = await api('PUT', '/api/company-profile', { receiptPrefix: 'ABC' });
    expect(refused.statusCode).toBe(403);
  });

  it('checks the profile’s fields and the logo by its bytes', async () => {
    const put = (body: object) => api('PUT', '/api/company-profile', body, s.get().adminToken);
    const bad = await put({ receiptPrefix: 'RC/T', gstin: '27ABCDE1234F1Z' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().fields).toMatchObject({ receiptPrefix: RECEIPT_PREFIX_MESSAGE, gstin: GSTIN_MESSAGE });
    const notImage = await put({ receiptPrefix: 'PBK', logo: Buffer.from('<svg onload="x()"/>').toString('base64') });
    expect(notImage.statusCode).toBe(400);
    expect(notImage.json().fields).toEqual({ logo: LOGO_MESSAGE });
  });

  it('numbers new receipts with a changed prefix, continuing the year’s series; given numbers stay', async () => {
    const payments = [
      { particular: 'Advance', date: '2026-10-06', mode: 'Cash', amount: 500, partnerId: sold.partnerId },
    ];
    const body = { projectId: sold.projectId, plotId: sold.plotId, status: 'Completed', payments };
    const before = (await api('POST', '/api/payment', body)).json().receiptNo as string;
    const kept = { companyName: null, receiptPrefix: 'NEW' };
    expect((await api('PUT', '/api/company-profile', kept, s.get().adminToken)).json()).toMatchObject({
      // Without a name of its own, the letterhead names the company by its id.
      companyName: s.get().acme.tenantId,
      receiptPrefix: 'NEW',
      logoType: 'image/png',
    });
    const after = (await api('POST', '/api/payment', body)).json().receiptNo as string;
    expect(before).toMatch(/^PBK\/26-27\//);
    expect(after).toBe(`NEW/26-27/${String(Number(before.slice(-5)) + 1).padStart(5, '0')}`);
    const [latest, earlier] = (await api('GET', `/api/payment/plot/${sold.plotId}`)).json();
    expect([latest.receiptNo, earlier.receiptNo]).toEqual([after, before]);
  });
});
