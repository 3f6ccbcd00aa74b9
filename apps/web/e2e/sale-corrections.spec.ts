import { expect, type Page, test } from '@playwright/test';
import { seriousViolations } from './support/axe';
import { choose } from './support/forms';
import { loginAsUser } from './support/pages';
import { buildProject, callApi } from './support/sales-setup';
import { snap } from './support/screenshots';
import { DEMO_USER, setupTestServer } from './support/test-server';

const server = setupTestServer();
test.use({ locale: 'en-IN' });

const DESKTOP = { width: 1366, height: 650 };
const PHONE = { width: 390, height: 844 };

/** This month's first day, `YYYY-MM-DD`: the sale date, and the first EMI a month later. */
function monthStart(months: number): string {
  const now = new Date();
  const d = new Date(Date.UTC(now.getFullYear(), now.getMonth() + months, 1));
  return d.toISOString().slice(0, 10);
}

/**
 * A project of the test's own with one partner and plot C-1 sold on EMI: ₹ 1,00,000 over 4 months of ₹ 25,000,
 * and one Completed installment of ₹ 25,000 received.
 */
async function soldOnEmi(page: Page, name: string) {
  const project = await buildProject(page, name, ['C-1', 'C-2'], [{ name: `Kiran ${Date.now()}`, share: 100 }]);
  const plot = project.plots[0] as { plotId: number; plotName: string };
  const partnerId = Object.values(project.partners)[0] as number;
  await callApi(page, 'POST', '/sale', {
    projectId: project.projectId,
    plotId: plot.plotId,
    saleDate: monthStart(0),
    saleAmount: 100000,
    paymentType: 'EMI',
    advanceAmount: 0,
    visarpawatiAmount: 0,
    emiDuration: 4,
    emiDate: monthStart(1),
    buyerName: 'Anita Kulkarni',
  });
  const receipt = await callApi<{ receiptId: number }>(page, 'POST', '/payment', {
    projectId: project.projectId,
    plotId: plot.plotId,
    status: 'Completed',
    payments: [{ particular: 'Installment', date: monthStart(0), mode: 'UPI', amount: 25000, partnerId }],
  });
  return { projectId: project.projectId, plotName: plot.plotName, receiptId: receipt.receiptId, name };
}

test.beforeEach(async ({ page }) => {
  await loginAsUser(page, server, DEMO_USER.email, DEMO_USER.password);
  await expect(page).toHaveURL(server.tenantUrl('/dashboard'));
});

test('corrects a sale from the listing’s actions menu with a reason, and shows it in the History', async ({ page }) => {
  await page.setViewportSize(DESKTOP);
  const sold = await soldOnEmi(page, `Corrections ${Date.now()}`);
  await page.goto(server.tenantUrl(`/view-sales/${sold.projectId}`));
  const row = page.getByRole('row').filter({ hasText: /^C-1/ });
  await expect(row).toContainText('Active');
  await expect(row).toContainText('₹ 1,00,000.00');

  // The menu is reached with the keyboard: Enter opens it, the arrow keys move, Enter chooses.
  const menuButton = row.getByRole('button', { name: 'Actions for the sale of C-1' });
  await menuButton.focus();
  await page.keyboard.press('Enter');
  await expect(page.getByRole('menuitem', { name: 'Edit sale' })).toBeVisible();
  await expect(page.getByRole('menuitem', { name: 'History' })).toBeVisible();
  await snap(page, 'sale-corrections-menu-desktop', { fullPage: false });
  await page.keyboard.press('ArrowDown');
  await expect(page.getByRole('menuitem', { name: 'Edit sale' })).toBeFocused();
  await page.keyboard.press('Enter');

  const dialog = page.getByRole('dialog', { name: 'Edit sale of Plot C-1' });
  await expect(dialog).toBeVisible();
  await expect(dialog.getByText('Nothing yet: change a figure above.')).toBeVisible();
  await dialog.getByLabel('Sale Amount').fill('150000');
  await dialog.getByLabel('EMI Duration (months)').fill('6');
  await expect(dialog.getByLabel('Monthly Amount')).toHaveValue('₹ 25,000.00');
  await expect(dialog).toContainText('Sale amount: ₹ 1,00,000.00 → ₹ 1,50,000.00');
  await expect(dialog).toContainText('EMI duration: 4 months → 6 months');

  // No reason: refused at the field.
  await dialog.getByRole('button', { name: 'Save correction' }).click();
  await expect(dialog.getByText('Give a reason for correcting this sale')).toBeVisible();
  await dialog.getByLabel('Reason for the correction').fill('Buyer took the corner plot rate');
  await snap(page, 'sale-corrections-edit-desktop', { fullPage: false });
  expect(await seriousViolations(page)).toEqual([]);

  // An amount below what was received is refused by the server, naming it.
  await dialog.getByLabel('Sale Amount').fill('20000');
  await dialog.getByLabel('EMI Duration (months)').fill('2');
  await dialog.getByRole('button', { name: 'Save correction' }).click();
  await expect(dialog.getByRole('alert')).toContainText('₹ 25,000.00 has already been received on this sale');

  await dialog.getByLabel('Sale Amount').fill('150000');
  await dialog.getByLabel('EMI Duration (months)').fill('6');
  await dialog.getByRole('button', { name: 'Save correction' }).click();
  await expect(dialog).toHaveCount(0);
  await expect(row).toContainText('₹ 1,50,000.00');
  await expect(row).toContainText('6 months');

  // The schedule: the ₹ 25,000 received still pays the first installment.
  await row.getByRole('button', { name: 'Schedule of plot C-1' }).click();
  const schedule = page.getByRole('dialog').filter({ hasText: 'Installment' });
  await expect(schedule.locator('tbody tr')).toHaveCount(6);
  await expect(schedule.locator('tbody tr').first()).toContainText(/Paid/i);
  await page.keyboard.press('Escape');

  await row.getByRole('button', { name: 'Actions for the sale of C-1' }).click();
  await page.getByRole('menuitem', { name: 'History' }).click();
  const history = page.getByRole('dialog', { name: /^History of the sale of C-1/ });
  await expect(history).toContainText('Buyer took the corner plot rate');
  await page.keyboard.press('Escape');
  // Closing gives the focus back to the row's menu button.
  await expect(row.getByRole('button', { name: 'Actions for the sale of C-1' })).toBeFocused();

  await page.setViewportSize(PHONE);
  const card = page.getByRole('button', { name: 'Actions for the sale of C-1' });
  await card.click();
  await expect(page.getByRole('menuitem', { name: 'Edit sale' })).toBeVisible();
  await snap(page, 'sale-corrections-menu-phone', { fullPage: false });
  await page.getByRole('menuitem', { name: 'Edit sale' }).click();
  await expect(page.getByRole('dialog', { name: 'Edit sale of Plot C-1' })).toBeVisible();
  await snap(page, 'sale-corrections-edit-phone', { fullPage: false });
});

test('reverses a Completed receipt with a reason: it stays listed as Reversed and the balance rises', async ({
  page,
}) => {
  await page.setViewportSize(DESKTOP);
  const sold = await soldOnEmi(page, `Reversals ${Date.now()}`);
  await page.goto(server.tenantUrl('/payment'));
  await choose(page, 'Project', new RegExp(`^${sold.name}`));
  await choose(page, 'Plot', /^C-1 /);
  await expect(page.getByTestId('card-received')).toHaveText('₹ 25,000.00');

  const receipt = page.getByRole('row', { name: /Installment/ });
  await receipt.getByRole('button', { name: /^Reverse receipt of/ }).click();
  const dialog = page.getByRole('dialog', { name: 'Reverse this receipt?' });
  await expect(dialog).toContainText('₹ 25,000.00 will no longer count as received');
  await dialog.getByRole('button', { name: 'Reverse receipt' }).click();
  await expect(dialog.getByText('Please give a reason.')).toBeVisible();
  await dialog.getByLabel('Reason for the reversal').fill('Entered on the wrong plot');
  await dialog.getByRole('button', { name: 'Reverse receipt' }).click();
  await expect(dialog).toHaveCount(0);
  await expect(page.getByText('Receipt reversed.')).toBeVisible();
  await expect(page.getByTestId('card-received')).toHaveText('₹ 0.00');
  await expect(page.getByTestId('card-pending-balance')).toHaveText('₹ 1,00,000.00');
  await expect(receipt).toContainText('Reversed');
  await expect(receipt).toContainText('Entered on the wrong plot');
  await expect(receipt.getByRole('button', { name: /^Reverse receipt of/ })).toHaveCount(0);
  expect(await seriousViolations(page)).toEqual([]);
  await snap(page, 'sale-corrections-reversed-desktop', { fullPage: true });

  await page.setViewportSize(PHONE);
  await expect(page.getByText('Entered on the wrong plot')).toBeVisible();
  await snap(page, 'sale-corrections-reversed-phone', { fullPage: true });
});
