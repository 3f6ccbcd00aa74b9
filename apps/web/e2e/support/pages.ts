import { expect, type Page } from '@playwright/test';
import type { TestServer } from './test-server';

/** Signs a tenant user in through the Login screen and waits for the page Login hands over to. */
export async function loginAsUser(page: Page, server: TestServer, email: string, password: string): Promise<void> {
  await page.goto(server.tenantUrl('/login'));
  await page.getByLabel('Email Address').fill(email);
  await page.getByRole('textbox', { name: 'Password', exact: true }).fill(password);
  await page.getByRole('button', { name: 'Login' }).click();
  await expect(page.getByText('Login Successful')).toBeVisible();
}

/** The stored session keys the spec names. */
export async function storedSession(page: Page) {
  return page.evaluate(() => ({
    authToken: localStorage.getItem('authToken'),
    role: localStorage.getItem('role'),
    user: localStorage.getItem('user'),
  }));
}

/** A figure card (dashboard, Project Profile) found by its label. */
export function statCard(page: Page, label: string) {
  return page
    .locator('.mantine-Card-root')
    .filter({ has: page.getByText(label, { exact: true }) })
    .first();
}
