import { mkdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import type { Page } from '@playwright/test';

/** Screenshots land here (ignored by git) to be looked at after a run. */
export const SCREENSHOT_DIR = fileURLToPath(new URL('../screenshots/', import.meta.url));
mkdirSync(SCREENSHOT_DIR, { recursive: true });

/** Every screen is looked at on a desktop and on a phone. */
export const VIEWPORTS = [
  { name: 'desktop', width: 1280, height: 800 },
  { name: 'phone', width: 390, height: 844 },
] as const;

/** A full-page screenshot once fonts are in and the page is scrolled to the top (fixed headers stay put). */
export async function snap(page: Page, name: string, options: { fullPage?: boolean } = {}): Promise<void> {
  await page.evaluate(async () => {
    await document.fonts.ready;
    window.scrollTo({ top: 0, behavior: 'instant' });
    await new Promise((resolve) => requestAnimationFrame(resolve));
  });
  await page.screenshot({
    path: `${SCREENSHOT_DIR}${name}.png`,
    fullPage: options.fullPage ?? true,
    animations: 'disabled',
  });
}
