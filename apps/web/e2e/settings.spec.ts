import { expect, type Page, test } from '@playwright/test';
import { seriousViolations } from './support/axe';
import { gotoHydrated, loginAsUser } from './support/pages';
import { snap, VIEWPORTS } from './support/screenshots';
import { DEMO_USER, setupTestServer } from './support/test-server';

const server = setupTestServer();
test.use({ locale: 'en-IN' });

const details = (page: Page) => page.getByRole('form', { name: 'Your details' });
const password = (page: Page) => page.getByRole('form', { name: 'Change password' });

// Help first: the second test changes the demo user's password.
test('help explains the daily tasks and names who to contact', async ({ page }) => {
  await loginAsUser(page, server, DEMO_USER.email, DEMO_USER.password);
  await page.goto(server.tenantUrl('/help'));
  await expect(page.getByRole('heading', { name: 'Help and Support', level: 1 })).toBeVisible();
  const contact = page.getByRole('region', { name: 'Contact' });
  await expect(contact.getByRole('list', { name: 'Administrators' })).toContainText('Demo Owner');
  await expect(contact.getByRole('link', { name: 'owner@example.com' })).toHaveAttribute(
    'href',
    'mailto:owner@example.com',
  );

  for (const topic of [
    'Record a land purchase from a farmer',
    'Record development costs',
    'Sell a plot (full payment or EMI)',
    'Record a payment received',
    'Clear or bounce a cheque',
    'Register a fully paid plot',
    'Pay a partner',
  ]) {
    await expect(page.getByRole('button', { name: topic })).toBeVisible();
  }
  await page.getByRole('button', { name: 'Clear or bounce a cheque' }).click();
  expect(await seriousViolations(page), 'help').toEqual([]);
  await expect(
    page.getByText('press Cleared when the cheque clears, or Bounced when it bounces, then confirm with Mark cleared'),
  ).toBeVisible();
  await page.getByRole('button', { name: 'Record development costs' }).click();
  await expect(
    page.getByText(/Per project costs are shared by every plot by area; Per plot and Per sq ft/),
  ).toBeVisible();
  await page.getByRole('link', { name: 'Open Payment Receipt →' }).click();
  await expect(page).toHaveURL(server.tenantUrl('/payment'));

  await page.goto(server.tenantUrl('/help'));
  await page.getByRole('button', { name: 'Sell a plot (full payment or EMI)' }).click();
  for (const viewport of VIEWPORTS) {
    await page.setViewportSize(viewport);
    await expect(page.getByText(/check the schedule preview/)).toBeVisible();
    // The sale amount is typed: nothing on the screen fills it in from the plot.
    await expect(page.getByText(/fills in from the plot/)).toHaveCount(0);
    await snap(page, `help-${viewport.name}`);
  }
});

test('a user changes their own details and password', async ({ page }) => {
  await loginAsUser(page, server, DEMO_USER.email, DEMO_USER.password);
  await page.getByRole('navigation', { name: 'Main navigation' }).getByRole('link', { name: 'Settings' }).click();
  await expect(page).toHaveURL(server.tenantUrl('/settings'));
  await expect(details(page).getByLabel('Full Name')).toHaveValue('Demo User');
  await expect(details(page).getByLabel('Email Address')).toHaveValue(DEMO_USER.email);
  expect(await seriousViolations(page), 'settings').toEqual([]);

  for (const viewport of VIEWPORTS) {
    await page.setViewportSize(viewport);
    await snap(page, `settings-${viewport.name}`);
  }
  await page.setViewportSize(VIEWPORTS[0]);

  // A blank name is refused on the spot; a bad mobile number by its field.
  await details(page).getByLabel('Full Name').fill('');
  await details(page).getByRole('button', { name: 'Save Details' }).click();
  await expect(details(page).getByText('Full name is required')).toBeVisible();
  await details(page).getByLabel('Full Name').fill('Demo Clerk');
  await details(page).getByLabel('Mobile Number').fill('12');
  await details(page).getByRole('button', { name: 'Save Details' }).click();
  await expect(details(page).getByText('Enter a valid mobile number, e.g. 98220 11111')).toBeVisible();
  await details(page).getByLabel('Mobile Number').fill('98220 11111');
  await details(page).getByLabel('City').fill('Amravati');
  await details(page).getByRole('button', { name: 'Save Details' }).click();
  await expect(page.getByText('Settings saved successfully!')).toBeVisible();
  // The top bar shows the new name at once, without a reload.
  await expect(page.getByRole('banner')).toContainText('Demo Clerk');
  await page.reload();
  await expect(details(page).getByLabel('Full Name')).toHaveValue('Demo Clerk');
  await expect(details(page).getByLabel('Mobile Number')).toHaveValue('+91 98220 11111');
  await expect(details(page).getByLabel('City')).toHaveValue('Amravati');
  // The top bar shows the new name.
  await expect(page.getByRole('banner')).toContainText('Demo Clerk');

  // Change password: the new one twice, checked on the spot; a wrong current one is the server's answer.
  await password(page).getByLabel('Current Password').fill(DEMO_USER.password);
  await password(page).getByLabel('New Password').fill('fresh-pass-42');
  await password(page).getByLabel('Confirm Password').fill('fresh-pass-43');
  await password(page).getByRole('button', { name: 'Change Password' }).click();
  await expect(password(page).getByText('New and Confirm Password do not match')).toBeVisible();
  await password(page).getByLabel('Current Password').fill('not-my-password');
  await password(page).getByLabel('Confirm Password').fill('fresh-pass-42');
  await password(page).getByRole('button', { name: 'Change Password' }).click();
  await expect(password(page).getByRole('alert')).toContainText('Current password is incorrect.');
  await password(page).getByLabel('Current Password').fill(DEMO_USER.password);
  await password(page).getByRole('button', { name: 'Change Password' }).click();
  await expect(page.getByText(/Password changed successfully!/)).toBeVisible();
  await expect(password(page).getByLabel('Current Password')).toHaveValue('');

  // This sign-in carries on with the new token; the old password no longer opens the account.
  await page
    .getByRole('navigation', { name: 'Main navigation' })
    .getByRole('link', { name: 'Dashboard', exact: true })
    .click();
  await expect(page.getByRole('heading', { name: 'Dashboard', level: 1 })).toBeVisible();
  await expect(page.getByText('Session expired. Please log in again.')).toHaveCount(0);
  await page.evaluate(() => localStorage.clear());
  await gotoHydrated(page, server.tenantUrl('/login'));
  await page.getByLabel('Email Address').fill(DEMO_USER.email);
  await page.getByRole('textbox', { name: 'Password', exact: true }).fill(DEMO_USER.password);
  await page.getByRole('button', { name: 'Login' }).click();
  await expect(page.getByText('Invalid email or password.')).toBeVisible();
  await loginAsUser(page, server, DEMO_USER.email, 'fresh-pass-42');
});
