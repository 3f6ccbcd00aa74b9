import { MutationObserver } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import { ApiError } from './api-client';
import { createQueryClient, shouldRetry } from './query-client';
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

  it('tries again only what may pass by itself: a lost network or a busy server, not a 500 or a 4xx', () => {
    expect(shouldRetry(0, new ApiError(0, 'Could not reach the server.'))).toBe(true);
    expect(shouldRetry(0, new ApiError(503, 'The database is unavailable.'))).toBe(true);
    expect(shouldRetry(1, new ApiError(504, 'Timed out.'))).toBe(true);
    expect(shouldRetry(2, new ApiError(503, 'The database is unavailable.'))).toBe(false);
    expect(shouldRetry(0, new ApiError(500, 'Something went wrong.'))).toBe(false);
    expect(shouldRetry(0, new ApiError(404, 'Project not found.'))).toBe(false);
  });
});
