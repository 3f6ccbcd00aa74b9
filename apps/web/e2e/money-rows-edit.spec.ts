import { expect, test } from '@playwright/test';
import { choose, fillMoneyRow } from './support/forms';
import { chooseProject } from './support/money-rows';
import { loginAsUser } from './support/pages';
import { snap, VIEWPORTS } from './support/screenshots';
import { DEMO_USER, setupTestServer } from './support/test-server';

const server = setupTestServer();
test.use({ locale: 'en-IN' });

test.beforeEach(async ({ page }) => {
  await loginAsUser(page, server, DEMO_USER.email, DEMO_USER.password);
  await expect(page).toHaveURL(server.tenantUrl('/dashboard'));
});

test('development of category per_plot needs a plot, then saves', async ({ page }) => {
  await page.goto(server.tenantUrl('/development'));
  await expect(page.getByRole('heading', { name: 'Plot Development' })).toBeVisible();
  await chooseProject(page);
  await choose(page, 'Category', 'Per project');
  await expect(page.getByRole('combobox', { name: 'Plot' })).toHaveCount(0);
  await choose(page, 'Category', 'Per plot');
  await fillMoneyRow(page, 1, {
    particular: 'JCB Work',
    date: '02/05/2026',
    mode: 'Online',
    amount: '18500',
    partner: /^Rajesh Deshmukh/,
  });
  await page.getByRole('button', { name: 'Save All' }).click();
  await expect(page.getByText('Please select a plot: a Per plot cost is charged to one plot.')).toBeVisible();

  await choose(page, 'Plot', /^Plot 5 /);
  await page.getByRole('button', { name: 'Save All' }).click();
  await expect(page.getByText('Development information saved successfully!')).toBeVisible();
  await expect(page.getByRole('combobox', { name: 'Particular row 1' })).toHaveValue('');

  // The new entry is on the Partner Contribution screen, charged to that plot.
  await page.goto(server.tenantUrl('/partnercontribution'));
  await chooseProject(page);
  await choose(page, 'Plot (optional)', /^Plot 5 /);
  // The seeded project-wide JCB Work row may still show while the plot's rows load: name the plot too.
  const row = page.getByRole('row', { name: /JCB Work.*Plot 5/ });
  await expect(row).toContainText('Per plot');
  await expect(row).toContainText('Plot 5');
  await expect(row).toContainText('02/05/2026');
  await expect(row).toContainText('₹ 18,500.00');
});

test('a contribution row is edited, saved and still changed after a reload', async ({ page }) => {
  await page.goto(server.tenantUrl('/partnercontribution'));
  await expect(page.getByRole('heading', { name: 'Plot Development Activity' })).toBeVisible();
  await chooseProject(page);
  await choose(page, 'Plot (optional)', /^Plot 1 /);
  // The project's five Marking Pole rows show until the plot's list has loaded: wait for the one.
  const row = page.getByRole('row', { name: /Marking Pole/ });
  await expect(row).toHaveCount(1);
  await expect(row).toContainText('Plot 1');
  await expect(row).toContainText('₹ 2,500.00');

  await row.getByRole('button', { name: 'Edit' }).click();
  const amount = page.getByRole('textbox', { name: 'Amount' });
  await expect(page.getByRole('combobox', { name: 'Particular' })).toHaveValue('Marking Pole');
  // Cancel leaves the row as it was.
  await amount.fill('9999');
  await page.getByRole('button', { name: 'Cancel' }).click();
  await expect(row).toContainText('₹ 2,500.00');

  await row.getByRole('button', { name: 'Edit' }).click();
  await page.getByRole('textbox', { name: 'Amount' }).fill('2750.25');
  await choose(page, 'Particular', 'Labour Charge');
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('Contribution updated successfully!')).toBeVisible();

  await page.reload();
  const saved = page.getByRole('row', { name: /Labour Charge/ });
  await expect(saved).toContainText('₹ 2,750.25');
  await expect(saved).toContainText('Plot 1');
  await expect(page.getByRole('row', { name: /Marking Pole/ })).toHaveCount(0);
});

test('a contribution row is voided with a reason after confirming', async ({ page }) => {
  await page.goto(server.tenantUrl('/partnercontribution'));
  await chooseProject(page);
  await choose(page, 'Plot (optional)', /^Plot 3 /);
  // The project's five Marking Pole rows show until the plot's list has loaded: wait for the one.
  const row = page.getByRole('row', { name: /Marking Pole/ });
  await expect(row).toHaveCount(1);
  await expect(row).toContainText('Plot 3');
  await expect(row).toContainText('₹ 3,500.00');

  await row.getByRole('button', { name: 'Void' }).click();
  const dialog = page.getByRole('dialog', { name: 'Void this development entry?' });
  await expect(dialog).toContainText('Marking Pole of ₹ 3,500.00');
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await expect(row).toBeVisible();

  await row.getByRole('button', { name: 'Void' }).click();
  await page.getByRole('dialog').getByRole('textbox', { name: 'Reason' }).fill('pole not bought');
  await page.getByRole('dialog').getByRole('button', { name: 'Void' }).click();
  await expect(page.getByText('Contribution voided.')).toBeVisible();
  await expect(page.getByText('No development entries for this plot.')).toBeVisible();
  await page.reload();
  await expect(page.getByText('No development entries for this plot.')).toBeVisible();
});

test('screenshots of the money screens at desktop and phone width', { tag: '@screenshots' }, async ({ page }) => {
  const shots = async (name: string) => {
    for (const viewport of VIEWPORTS) {
      await page.setViewportSize(viewport);
      // The layout has followed the width: the navigation folds into a button on a phone.
      const burger = page.getByRole('button', { name: 'Open navigation' });
      await (viewport.name === 'phone' ? expect(burger).toBeVisible() : expect(burger).toBeHidden());
      await snap(page, `${name}-${viewport.name}`);
    }
    await page.setViewportSize({ width: 1280, height: 800 });
  };

  await page.goto(server.tenantUrl('/purchase'));
  await chooseProject(page);
  await fillMoneyRow(page, 1, {
    particular: 'Visarpavti',
    date: '05/03/2026',
    mode: 'Cheque',
    modeDetail: 'HDFC 118822',
    creditTo: 'Ramesh Patil',
    amount: '150000',
    partner: /^Imran Shaikh/,
  });
  await page.getByRole('button', { name: 'Add Row' }).click();
  await fillMoneyRow(page, 2, { particular: 'Additional', amount: '2500' });
  await page.getByRole('button', { name: 'Save All' }).click();
  await expect(page.getByText('All fields are required in each row')).toBeVisible();
  await shots('purchase');

  await page.goto(server.tenantUrl('/purchase-list'));
  await chooseProject(page);
  await expect(page.getByText(/^\d+ records?$/)).toBeVisible();
  await shots('purchase-list');

  await page.goto(server.tenantUrl('/development'));
  await chooseProject(page);
  await choose(page, 'Category', 'Per sq ft');
  await fillMoneyRow(page, 1, { particular: 'Road Rate', date: '10/05/2026', mode: 'Cash', amount: '42000' });
  await shots('development');

  await page.goto(server.tenantUrl('/partnercontribution'));
  await chooseProject(page);
  await expect(page.getByText(/^\d+ records?$/)).toBeVisible();
  await page
    .getByRole('row', { name: /Road Rate/ })
    .first()
    .getByRole('button', { name: 'Edit' })
    .click();
  await shots('partner-contribution');
});
