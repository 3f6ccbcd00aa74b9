import { expect, type Page } from '@playwright/test';
import type { TestServer } from './test-server';

/** Opens a public page (prerendered HTML) and waits until the app has taken it over: only then are forms live. */
export async function gotoHydrated(page: Page, url: string): Promise<void> {
  await page.goto(url);
  await page.locator('html[data-hydrated]').waitFor({ state: 'attached' });
}

/** Signs a tenant user in through the Login screen and waits for the page Login hands over to. */
export async function loginAsUser(page: Page, server: TestServer, email: string, password: string): Promise<void> {
  await gotoHydrated(page, server.tenantUrl('/login'));
  await page.getByLabel('Email Address').fill(email);
  await page.getByRole('textbox', { name: 'Password', exact: true }).fill(password);
  await page.getByRole('button', { name: 'Login' }).click();
  await expect(page.getByText('Login Successful')).toBeVisible();
  // The dashboard is the whole app's page (a full page load from the public login page); a reset of the password is
  // a screen of the login page's own.
  await page.waitForURL((url) => url.pathname !== '/login');
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

/**
 * Each figure matched is drawn whole inside its card: not wider than its own box and not past the card's edge.
 * Answers the figures that are cut off (with their text), so a failure says which.
 */
export async function clippedFigures(page: Page, selector: string): Promise<string[]> {
  return page.locator(selector).evaluateAll((elements) =>
    elements
      .filter((element) => {
        const card = element.closest('.mantine-Card-root') ?? element.parentElement;
        const box = element.getBoundingClientRect();
        const cardBox = card?.getBoundingClientRect();
        return element.scrollWidth > element.clientWidth + 1 || (cardBox !== undefined && box.right > cardBox.right);
      })
      .map((element) => element.textContent ?? ''),
  );
}
