import { describe, expect, it } from 'vitest';
import { engines } from '../../../test/helpers.js';
import { transferSuite } from '../../../test/transfer-suite.js';

describe.each(engines)('transfer fees on $name', (engine) => {
  const { s, api, buyer, sold, pay, transfer } = transferSuite(engine);

  /** A sale of ₹ 5,00,000 with ₹ 1,00,000 received, transferred with a fee of ₹ 25,000.50. */
  const transferredWithFee = async () => {
    const sale = await sold();
    await pay(sale, 100000);
    const ravi = await buyer('Ravi Kulkarni');
    const res = await transfer(sale.saleId, { toBuyerId: ravi, transferFee: 25000.5 });
    expect(res.statusCode).toBe(201);
    return { ...sale, ravi, res };
  };

  it('adds the fee to what is owed and pending, everywhere pending is shown', async () => {
    const sale = await transferredWithFee();
    expect(sale.res.json()).toMatchObject({
      owed: 525000.5,
      received: 100000,
      pending: 425000.5,
      transferFeeDue: 25000.5,
    });
    expect(sale.res.json().message).toBe(
      'Sale transferred. Plot P1 now belongs to Ravi Kulkarni; transfer fee ₹ 25,000.50 to be received.',
    );
    const [row] = (await api('GET', `/api/sale/project/${sale.projectId}`)).json();
    expect(row).toMatchObject({ saleAmount: 500000, transferFee: 25000.5, received: 100000, pending: 425000.5 });
    const summary = (await api('GET', `/api/payment/pending/${sale.plotId}`)).json();
    expect(summary).toMatchObject({
      saleAmount: 500000,
      transferFee: 25000.5,
      received: 100000,
      pendingBalance: 425000.5,
    });
    const schedule = (await api('GET', `/api/sale/${sale.saleId}/schedule`)).json();
    expect(schedule).toMatchObject({ transferFee: 25000.5, pending: 425000.5 });
  });

  it('takes the fee by a Transfer Fee receipt line, and then the plot can be paid in full and registered', async () => {
    const sale = await transferredWithFee();
    const fee = await pay(sale, 25000.5, 'Transfer Fee');
    expect(fee.statusCode).toBe(201);
    expect(fee.json()).toMatchObject({ received: 125000.5, pendingBalance: 400000 });
    const rest = await pay(sale, 400000, 'Installment');
    expect(rest.json()).toMatchObject({ pendingBalance: 0 });
    const registered = await api('POST', '/api/registration', {
      plotId: sale.plotId,
      registrationOffice: 'Nagpur',
      registrationDate: '2026-12-01',
      documentNo: 'D-9',
    });
    expect(registered.statusCode).toBe(201);
  });

  it('refuses a Transfer Fee line above the fee still unpaid (409), counting Pending lines', async () => {
    const sale = await transferredWithFee();
    const over = await pay(sale, 25000.51, 'Transfer Fee');
    expect(over.statusCode).toBe(409);
    expect(over.json().message).toBe(
      'The Transfer Fee lines total ₹ 25,000.51, more than the transfer fee still unpaid of ₹ 25,000.50.',
    );
    expect((await pay(sale, 20000, 'Transfer Fee', 'Pending')).statusCode).toBe(201);
    const second = await pay(sale, 5000.51, 'Transfer Fee');
    expect(second.statusCode).toBe(409);
    expect(second.json().message).toBe(
      'The Transfer Fee lines total ₹ 5,000.51, more than the transfer fee still unpaid of ₹ 5,000.50.',
    );
  });

  it('refuses a Transfer Fee line on a sale that was never charged one', async () => {
    const sale = await sold();
    const res = await pay(sale, 100, 'Transfer Fee');
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe(
      'The Transfer Fee lines total ₹ 100.00, but no transfer fee is unpaid on this sale.',
    );
  });

  it('refuses money above sale amount + fees, and fits money up to it', async () => {
    const sale = await transferredWithFee();
    const over = await pay(sale, 425000.51, 'Installment');
    expect(over.statusCode).toBe(409);
    expect(over.json().message).toContain('pending balance of ₹ 4,25,000.50');
  });

  it('a transfer racing receipts of the same plot: each is saved once, and pending = owed − received', async () => {
    const sale = await sold();
    const ravi = await buyer('Ravi Kulkarni');
    const [moved, ...paid] = await Promise.all([
      transfer(sale.saleId, { toBuyerId: ravi, transferFee: 1000 }),
      ...Array.from({ length: 8 }, () => pay(sale, 10000)),
    ]);
    expect(moved?.statusCode).toBe(201);
    expect(paid.map((r) => r.statusCode)).toEqual(Array(8).fill(201));
    const [row] = (await api('GET', `/api/sale/project/${sale.projectId}`)).json();
    expect(row).toMatchObject({ buyerName: 'Ravi Kulkarni', transferFee: 1000, received: 80000, pending: 421000 });
  });

  it('counts the fee as project income in Project Profile, Project Wise and Payment To Partner, to the paisa', async () => {
    const sale = await transferredWithFee();
    await s.f.purchase({ projectId: sale.projectId, partnerId: sale.partnerId, amount: 300000 });
    const profile = (await api('GET', `/api/project-profile?projectId=${sale.projectId}`)).json();
    expect(profile).toMatchObject({
      saleAmount: 500000,
      transferFees: 25000.5,
      totalCost: 300000,
      netProfit: 225000.5,
      amountReceived: 100000,
      pendingBalance: 425000.5,
    });
    const plot = (await api('GET', `/api/project-profile?projectId=${sale.projectId}&plotId=${sale.plotId}`)).json();
    expect(plot).toMatchObject({ transferFees: 25000.5, pendingBalance: 425000.5 });
    const wise = (await api('GET', '/api/report/project-wise')).json();
    const mine = wise.data.find((p: { projectId: number }) => p.projectId === sale.projectId);
    expect(mine).toMatchObject({
      saleAmount: 500000,
      transferFees: 25000.5,
      profit: 225000.5,
      pendingBalance: 425000.5,
    });
    expect(wise.totals.transferFees).toBeGreaterThanOrEqual(25000.5);
    const plots = (await api('GET', `/api/report/plot-wise/${sale.projectId}`)).json();
    expect(plots.data[0]).toMatchObject({ transferFees: 25000.5 });
    const partners = (await api('GET', `/api/payment/partners-summary?projectId=${sale.projectId}`)).json();
    expect(partners).toEqual([expect.objectContaining({ partnerId: sale.partnerId, profit: 225000.5 })]);
  });
});
