// `npm run lighthouse`: scores the landing page, the login page and the dashboard with Lighthouse 12's mobile preset
// (simulated slow 4G and a 4× slower CPU) in Debian's Chromium, against the built web app on a fresh embedded
// database with the demo company. Prints performance, accessibility and best practices per page and the audits
// that cost points. Not part of `npm test`: it takes a minute or two.
//
// Options: --port <n> (default 8095), --chromium <path> (default /usr/bin/chromium), --json <file> (the full
// results), --url <origin> (score an already running Plotbook, signed in as the demo user, instead of starting one).
import { writeFileSync } from 'node:fs';
import { parseArgs } from 'node:util';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import puppeteer from 'puppeteer-core';
import { startServer, waitForHealth } from './server.mjs';

const { values: args } = parseArgs({
  options: {
    port: { type: 'string', default: '8095' },
    chromium: { type: 'string', default: '/usr/bin/chromium' },
    json: { type: 'string' },
    url: { type: 'string' },
  },
});
const DEMO_USER = { email: 'demo@example.com', password: 'demo1234' };
const CATEGORIES = ['performance', 'accessibility', 'best-practices'];

const origin = args.url ?? `http://demo.localhost:${args.port}`;
const started = args.url ? null : await startServer(Number(args.port));
let chrome;
try {
  await waitForHealth(origin, started?.server);
  chrome = await chromeLauncher.launch({
    chromePath: args.chromium,
    chromeFlags: ['--headless=new', '--no-sandbox', '--disable-gpu', '--no-first-run', '--disable-sync'],
  });
  const browser = await puppeteer.connect({ browserURL: `http://127.0.0.1:${chrome.port}` });

  const pages = [
    { name: 'Landing', url: `${origin}/` },
    { name: 'Login', url: `${origin}/login` },
    { name: 'Dashboard', url: `${origin}/dashboard`, signedIn: true },
  ];
  const results = [];
  for (const page of pages) {
    if (page.signedIn) {
      // Sign in through the form once; Lighthouse then keeps the session (disableStorageReset).
      const tab = await browser.newPage();
      await tab.goto(`${origin}/login`, { waitUntil: 'networkidle0' });
      await tab.type('input[name=emailId]', DEMO_USER.email);
      await tab.type('input[type=password]', DEMO_USER.password);
      await tab.click('button[type=submit]');
      // The sign-in page is a public page with its own code; the dashboard is a full page load of the app, which
      // then counts as a signed-in user's cached app, as before the public pages were split off.
      await tab.waitForFunction(() => location.pathname === '/dashboard' && document.querySelector('h1'), {
        timeout: 30_000,
      });
      await tab.waitForNetworkIdle();
      await tab.close();
    }
    const runner = await lighthouse(page.url, {
      port: chrome.port,
      output: 'json',
      logLevel: 'error',
      onlyCategories: CATEGORIES,
      disableStorageReset: Boolean(page.signedIn),
    });
    const lhr = runner?.lhr;
    if (!lhr) throw new Error(`Lighthouse gave no result for ${page.url}`);
    if (lhr.runtimeError) throw new Error(`${page.name}: ${lhr.runtimeError.message}`);
    results.push({ page, lhr });
  }
  const version = await browser.version();
  await browser.disconnect();

  const score = (lhr, id) => Math.round((lhr.categories[id]?.score ?? 0) * 100);
  const metric = (lhr, id) => lhr.audits[id]?.displayValue ?? '–';
  console.log(`\nLighthouse 12, mobile preset, ${version}`);
  console.log(
    `${'page'.padEnd(10)} ${'perf'.padStart(5)} ${'a11y'.padStart(5)} ${'best'.padStart(5)}   FCP / LCP / TBT / CLS`,
  );
  for (const { page, lhr } of results) {
    const metrics = [
      'first-contentful-paint',
      'largest-contentful-paint',
      'total-blocking-time',
      'cumulative-layout-shift',
    ]
      .map((id) => metric(lhr, id))
      .join(' / ');
    console.log(
      `${page.name.padEnd(10)} ${String(score(lhr, 'performance')).padStart(5)} ${String(score(lhr, 'accessibility')).padStart(5)} ${String(score(lhr, 'best-practices')).padStart(5)}   ${metrics}`,
    );
  }
  for (const { page, lhr } of results) {
    const failing = CATEGORIES.filter((c) => c !== 'performance').flatMap((c) =>
      lhr.categories[c].auditRefs
        .filter((ref) => ref.weight > 0 && (lhr.audits[ref.id]?.score ?? 1) < 1)
        .map((ref) => `${c}: ${ref.id} — ${lhr.audits[ref.id].title}`),
    );
    if (failing.length) console.log(`\n${page.name} loses points on:\n  ${failing.join('\n  ')}`);
  }
  if (args.json) {
    writeFileSync(
      args.json,
      JSON.stringify(
        results.map(({ page, lhr }) => ({ page: page.name, lhr })),
        null,
        1,
      ),
    );
    console.log(`\nFull results: ${args.json}`);
  }
} finally {
  await chrome?.kill();
  await started?.stop();
}
