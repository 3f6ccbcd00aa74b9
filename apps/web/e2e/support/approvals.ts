import { type Browser, expect, type Page } from '@playwright/test';
import { masterLogin } from './admin-helpers';
import type { TestServer } from './test-server';

/** The demo company's tenant admin (seeded). */
export const OWNER = { email: 'owner@example.com', password: 'owner1234' };

/** Signs the demo company's tenant admin in and opens the users screen with the pending registrations. */
export async function openPendingUsers(page: Page, server: TestServer): Promise<void> {
  await masterLogin(page, server.tenantUrl('').replace(/\/$/, ''), OWNER.email, OWNER.password);
  await expect(page).toHaveURL(server.tenantUrl('/tenant-admin/dashboard'));
  await page.goto(server.tenantUrl('/tenant-admin/users'));
  await expect(page.getByRole('heading', { name: 'Waiting for approval' })).toBeVisible();
}

/** The tenant admin approves a registration in the tenant admin screen, in a browser of their own. */
export async function approveRegistration(browser: Browser, server: TestServer, email: string): Promise<void> {
  const context = await browser.newContext();
  const admin = await context.newPage();
  await openPendingUsers(admin, server);
  await admin.getByRole('button', { name: `Approve ${email}` }).click();
  await admin.getByRole('dialog').getByRole('button', { name: 'Approve' }).click();
  await expect(admin.getByText(new RegExp(`^${email.replace(/[.+]/g, '\\$&')} is approved`))).toBeVisible();
  await context.close();
}

/** Fills and sends the user sign-in form, expecting nothing (the caller checks what it says). */
export async function tryLogin(page: Page, server: TestServer, email: string, password: string): Promise<void> {
  await page.goto(server.tenantUrl('/login'));
  await page.locator('html[data-hydrated]').waitFor({ state: 'attached' });
  await page.getByLabel('Email Address').fill(email);
  await page.getByRole('textbox', { name: 'Password', exact: true }).fill(password);
  await page.getByRole('button', { name: 'Login' }).click();
}
