import { MutationObserver } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import { createQueryClient } from './query-client';
import { dashboardKeys, projectKeys, summaryKeys } from './query-keys';

describe('query client', () => {
  it('marks the reports, Payment To Partner and the dashboard stale after any successful save', async () => {
    const client = createQueryClient();
    const report = [...summaryKeys.reports, '/report/payment-receipts/4', {}];
    const payouts = [...summaryKeys.partnerPayments, 4, 'summary'];
    const plots = projectKeys.plots(4);
    for (const key of [report, payouts, dashboardKeys.all, plots]) client.setQueryData(key, { rows: 1 });

    await new MutationObserver(client, { mutationFn: async () => ({ receiptId: 9 }) }).mutate();

    expect(client.getQueryState(report)?.isInvalidated).toBe(true);
    expect(client.getQueryState(payouts)?.isInvalidated).toBe(true);
    expect(client.getQueryState(dashboardKeys.all)?.isInvalidated).toBe(true);
    // What a save does not move stays fresh (each feature invalidates its own lists).
    expect(client.getQueryState(plots)?.isInvalidated).toBe(false);
  });

  it('leaves them fresh when the save fails', async () => {
    const client = createQueryClient();
    const report = [...summaryKeys.reports, '/report/plot-wise/4', {}];
    client.setQueryData(report, { rows: 1 });
    const failing = new MutationObserver(client, {
      mutationFn: async () => {
        throw new Error('Error saving payment');
      },
    });
    await expect(failing.mutate()).rejects.toThrow('Error saving payment');
    expect(client.getQueryState(report)?.isInvalidated).toBe(false);
  });
});
