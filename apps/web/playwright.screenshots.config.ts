import { fileURLToPath } from 'node:url';
import { defineConfig } from '@playwright/test';
import base from './playwright.config';

const here = fileURLToPath(new URL('.', import.meta.url));

/**
 * The screenshot tours only (tests tagged `@screenshots`): `npm run screenshots`. The PNGs land in
 * apps/web/e2e/screenshots/ to be looked at; nothing is compared.
 */
export default defineConfig({
  ...base,
  // Its own results folder, so a screenshot run never clears the traces of a test run going on beside it.
  outputDir: `${here}test-results-screenshots`,
  grep: /@screenshots/,
  grepInvert: undefined,
});
