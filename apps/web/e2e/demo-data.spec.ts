import { expect, test } from '@playwright/test';
import { choose } from './support/forms';
import { loginAsUser } from './support/pages';
import { snap } from './support/screenshots';
import { DEMO_USER, setupTestServer } from './support/test-server';

const server = setupTestServer();
test.use({ locale: 'en-IN' });

/**
 * The demo company as `npm start` seeds it: every money screen has something real to show. Sales, receipts and
 * payouts are dated relative to today, so the checks look for kinds of rows, not exact figures.
 */
test.beforeEach(async ({ page }) => {
  await loginAsUser(page, server, DEMO_USER.email, DEMO_USER.password);
  await expect(page).toHaveURL(server.tenantUrl('/dashboard'));
});

test('the seeded demo shows sales, receipts, registrations and partner payouts on its screens', async ({ page }) => {
  test.setTimeout(120_000);
  await expect(page.getByText('Money Received per Month')).toBeVisible();
  await expect(page.getByTestId('plots-by-status')).toContainText('Registered');
  await expect(page.locator('.recharts-bar-rectangle').first()).toBeVisible();
  await snap(page, 'demo-dashboard-desktop');

  // Green Valley's sales: cash and EMI, with buyers, received and pending.
  await page.goto(server.tenantUrl('/view-sales/1'));
  await expect(page.getByRole('heading', { name: 'Project: Green Valley' })).toBeVisible();
  const emi = page.getByRole('row').filter({ hasText: 'Mahesh Thakre' });
  await expect(emi).toContainText('EMI');
  await expect(emi).toContainText('36 months');
  await expect(page.getByRole('row').filter({ hasText: 'Anil Wankhede' })).toContainText('Full Payment');
  await snap(page, 'demo-view-sales-desktop');
  // Mahesh is behind on his EMIs.
  await emi.getByRole('button', { name: 'Schedule of plot Plot 8' }).click();
  const schedule = page.getByRole('dialog', { name: 'EMI schedule: Plot 8' }).getByTestId('sale-schedule');
  await expect(schedule.locator('tbody tr').filter({ hasText: 'Overdue' }).first()).toBeVisible();
  await expect(schedule.locator('tbody tr').filter({ hasText: 'Paid' }).first()).toBeVisible();
  await snap(page, 'demo-sale-schedule-desktop', { fullPage: false });
  await page.keyboard.press('Escape');

  // Kavita pays by cheque: her latest cheque is still Pending, the older ones Completed.
  await page.goto(server.tenantUrl('/payment'));
  await choose(page, 'Project', /^Green Valley/);
  await choose(page, 'Plot', /^Plot 7 /);
  await expect(page.getByTestId('card-payment-type')).toHaveText('EMI');
  await expect(page.getByRole('row').filter({ hasText: 'Pending' }).first()).toBeVisible();
  await expect(page.getByRole('row').filter({ hasText: 'Completed' }).first()).toBeVisible();
  await snap(page, 'demo-payment-desktop');

  await page.goto(server.tenantUrl('/registrations'));
  await expect(page.getByRole('heading', { name: 'Registered Plots', level: 1 })).toBeVisible();
  await expect(page.getByRole('row').filter({ hasText: 'Sub-Registrar Office' })).not.toHaveCount(0);
  expect(await page.getByRole('row').filter({ hasText: 'Sub-Registrar Office' }).count()).toBeGreaterThanOrEqual(2);
  await snap(page, 'demo-registrations-desktop');

  // A fully paid plot waits for registration.
  await page.goto(server.tenantUrl('/registration-plot'));
  await choose(page, 'Select Project', /^Green Valley/);
  await page.getByRole('combobox', { name: 'Select Plot (Fully Paid)' }).click();
  await expect(page.getByRole('option', { name: /^Plot 4 / })).toBeVisible();
  await page.keyboard.press('Escape');

  await page.goto(server.tenantUrl('/paymenttopartner'));
  await choose(page, 'Project', /^Green Valley/);
  const partners = page.getByRole('table').first();
  await expect(partners.getByRole('row', { name: /Rajesh Deshmukh/ })).toBeVisible();
  const payouts = page.getByRole('table').filter({ has: page.getByRole('columnheader', { name: /^Note/ }) });
  await expect(payouts.getByRole('row').filter({ hasText: 'Bank Transfer' }).first()).toBeVisible();
  await snap(page, 'demo-payment-to-partner-desktop');
});

test('the seeded demo shows a sale’s whole life: corrected, reversed, cancelled with refunds, resold, transferred', async ({
  page,
}) => {
  test.setTimeout(120_000);
  await page.goto(server.tenantUrl('/view-sales/1'));
  await expect(page.getByRole('heading', { name: 'Project: Green Valley' })).toBeVisible();
  // Plot 5: Kiran Thakre's sale cancelled with part of the money refunded by a cheque not yet paid; sold again.
  const cancelled = page.getByRole('row').filter({ hasText: 'Kiran Thakre' });
  await expect(cancelled).toContainText('Cancelled');
  await expect(page.getByRole('row').filter({ hasText: 'Aarti Meshram' })).toContainText('Active');
  await expect(page.getByRole('row').filter({ hasText: 'Sachin Raut' })).toContainText('Cancelled');
  await expect(page.getByRole('row').filter({ hasText: 'Prakash Wagh' })).toContainText('Transferred');
  await expect(page.getByRole('row').filter({ hasText: 'Nilesh Bhagat' })).toContainText('₹ 9,84,000.00');
  await cancelled.getByRole('button', { name: 'Actions for the sale of Plot 5' }).click();
  await page.getByRole('menuitem', { name: 'Cancellation' }).click();
  const dialog = page.getByRole('dialog', { name: 'Cancellation of the sale of plot Plot 5' });
  await expect(dialog.getByTestId('cancellation-refund')).toContainText('₹ 1,76,000.00 · Cheque');
  await expect(dialog.getByTestId('cancellation-refund-status')).toHaveText('Pending');
  await expect(dialog.getByTestId('cancellation-retained')).toHaveText('₹ 25,000.00');
  await expect(dialog.getByRole('button', { name: 'Refund cheque cleared' })).toBeVisible();
  await snap(page, 'demo-cancellation-desktop', { fullPage: false });
  await page.keyboard.press('Escape');

  // Plot 12: the receipt keyed wrong stays, Reversed.
  await page.goto(server.tenantUrl('/payment'));
  await choose(page, 'Project', /^Green Valley/);
  await choose(page, 'Plot', /^Plot 12 /);
  await expect(page.getByRole('row').filter({ hasText: 'Reversed' }).first()).toBeVisible();
});
