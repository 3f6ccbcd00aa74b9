import { expect, test } from '@playwright/test';
import { loginAsUser } from './support/pages';
import { openReport } from './support/report-screens';
import { DEMO_USER, setupTestServer } from './support/test-server';

const server = setupTestServer();
test.use({ locale: 'en-IN' });

/**
 * A report read from a replica that lags carries `X-Data-As-Of` (the server's db/report-reads.ts; the test server
 * runs on the embedded database, which has no replica, so the header is added to its real answer here).
 */
test('a report from a lagging replica says "as of" its time in India; a current one says nothing', async ({ page }) => {
  await loginAsUser(page, server, DEMO_USER.email, DEMO_USER.password);
  let lagging = true;
  await page.route('**/api/report/project-wise*', async (route) => {
    // The browser resolves demo.localhost, Node does not: fetch by address, with the company's Host.
    const url = new URL(route.request().url());
    const host = url.host;
    url.hostname = '127.0.0.1';
    const response = await route.fetch({ url: url.toString(), headers: { ...route.request().headers(), host } });
    const asOf: Record<string, string> = lagging ? { 'x-data-as-of': '2026-11-28T08:35:09.000Z' } : {};
    await route.fulfill({ response, headers: { ...response.headers(), ...asOf } });
  });
  await page.goto(server.tenantUrl('/reports'));
  await openReport(page, 'Project Details Summary');
  await expect(page.getByRole('table').locator('tbody tr').first()).toBeVisible();
  await expect(page.getByTestId('report-as-of')).toHaveText('as of 14:05:09');

  // A current answer carries no header, and the screen says nothing.
  lagging = false;
  await page.goto(server.tenantUrl('/reports'));
  await openReport(page, 'Project Details Summary');
  await expect(page.getByRole('table').locator('tbody tr').first()).toBeVisible();
  await expect(page.getByTestId('report-as-of')).toHaveCount(0);
});
