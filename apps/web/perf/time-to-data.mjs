// `npm run perf:time-to-data`: how long after a navigation each working screen shows its data, in Debian's Chromium
// (Playwright), against the built web app served by the real server on a fresh embedded database with the demo
// company and one project of 1,000 plots. Each screen is opened cold (a new browser context: empty HTTP cache,
// only the signed-in session) and then warm (the same address again in that context), `--runs` times; the medians
// are printed with when the screen's data request started. Targets: warm within 300 ms, cold within 1 s.
//
// "Shown" is the first frame painted after the screen's data element is in the page (a MutationObserver notes it,
// then requestAnimationFrame + setTimeout waits for that frame), measured from the navigation's start.
//
// The plot board is opened at 390 px (a phone) and is shown when its last tile is painted.
//
// Options: --runs <n> (default 5), --port <n> (default 8096), --chromium <path> (default /usr/bin/chromium),
// --plots <n> (default 1000), --json <file> (every sample).
import { writeFileSync } from 'node:fs';
import { parseArgs } from 'node:util';
import { chromium } from '@playwright/test';
import { startServer, waitForHealth } from './server.mjs';

const { values: args } = parseArgs({
  options: {
    runs: { type: 'string', default: '5' },
    port: { type: 'string', default: '8096' },
    chromium: { type: 'string', default: '/usr/bin/chromium' },
    plots: { type: 'string', default: '1000' },
    json: { type: 'string' },
  },
});
const DESKTOP = { width: 1280, height: 800 };
const PHONE = { width: 390, height: 844 };
const DEMO_USER = { email: 'demo@example.com', password: 'demo1234' };
const runs = Number(args.runs);
const plotCount = Number(args.plots);
const origin = `http://demo.localhost:${args.port}`;

/** Notes when `selector` first matches and the frame after it is painted: `window.__shownAt`. */
function watchFor(selector) {
  window.__shownAt = null;
  const observer = new MutationObserver(() => {
    if (window.__seen || !document.querySelector(selector)) return;
    window.__seen = true;
    observer.disconnect();
    requestAnimationFrame(() =>
      setTimeout(() => {
        window.__shownAt = performance.now();
      }, 0),
    );
  });
  observer.observe(document, { childList: true, subtree: true });
}

async function callApi(page, method, path, body) {
  return page.evaluate(
    async ({ method, path, body }) => {
      const response = await fetch(`/api${path}`, {
        method,
        headers: { 'content-type': 'application/json', authorization: `Bearer ${localStorage.getItem('authToken')}` },
        body: body === undefined ? undefined : JSON.stringify(body),
      });
      if (!response.ok) throw new Error(`${method} ${path}: ${response.status} ${await response.text()}`);
      return response.json();
    },
    { method, path, body },
  );
}

/** One load of `screen.url`: ms from navigation start to the data painted, and to the data request's start. */
async function load(page, screen) {
  await page.goto(`${origin}${screen.url}`);
  await page
    .waitForFunction(() => window.__shownAt !== null, null, { timeout: 30_000 })
    .catch(async (error) => {
      throw new Error(`${screen.name}: never shown (${await page.evaluate(() => [location.href, window.__seen])})`, {
        cause: error,
      });
    });
  return page.evaluate((api) => {
    const entries = performance.getEntriesByType('resource');
    const request = entries.find((e) => new URL(e.name).pathname === api);
    const code = entries.filter((e) => e.initiatorType === 'script' || e.name.endsWith('.js'));
    return {
      shown: window.__shownAt,
      requestStart: request ? request.startTime : null,
      dataEnd: request ? request.responseEnd : null,
      codeEnd: Math.max(0, ...code.filter((e) => e.responseEnd < window.__shownAt).map((e) => e.responseEnd)),
    };
  }, screen.api);
}

const median = (values) => {
  const sorted = values.filter((v) => v !== null).sort((a, b) => a - b);
  if (sorted.length === 0) return null;
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2;
};

const { server, stop } = startServer(args.port, { PUBLIC_URL: `http://localhost:${args.port}`, SEED_DEMO: 'true' });
let browser;
try {
  await waitForHealth(origin, server);
  browser = await chromium.launch({
    executablePath: args.chromium,
    args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--no-first-run', '--disable-sync'],
  });
  const setup = await browser.newContext({ viewport: DESKTOP });
  const setupPage = await setup.newPage();
  await setupPage.goto(`${origin}/login`);
  await setupPage.getByLabel('Email Address').fill(DEMO_USER.email);
  await setupPage.getByRole('textbox', { name: 'Password', exact: true }).fill(DEMO_USER.password);
  await setupPage.getByRole('button', { name: 'Login' }).click();
  await setupPage.waitForURL(`${origin}/dashboard`);
  const projectName = `Thousand Acres ${Date.now()}`;
  const plots = Array.from({ length: plotCount }, (_, i) => ({ plotName: `T-${i + 1}`, totalPlotSize: 100 }));
  const { projectId } = await callApi(setupPage, 'POST', '/project', {
    projectName,
    city: 'Pune',
    totalArea: 100 * plotCount,
    totalRate: 100,
    plots,
  });
  const board = await callApi(setupPage, 'GET', `/board/${projectId}`);
  const lastPlotId = board.plots.at(-1).plotId;
  const storageState = await setup.storageState();
  await setup.close();

  const screens = [
    { name: 'Dashboard', url: '/dashboard', api: '/api/dashboard', selector: '[data-testid="stat-figure"]' },
    { name: 'View Projects', url: '/view-projects', api: '/api/project/summaries', selector: 'article h2' },
    {
      name: `Edit project (${plotCount} plots)`,
      url: `/project/${projectId}`,
      api: `/api/project/${projectId}`,
      selector: '[data-testid="plot-row"] input',
    },
    // Issue 21: the board's every tile painted (its last one) on a phone-sized screen.
    {
      name: `Board, ${plotCount} tiles (390 px)`,
      url: `/board/${projectId}`,
      api: `/api/board/${projectId}`,
      selector: `[data-plot-id="${lastPlotId}"]`,
      viewport: PHONE,
    },
  ];
  const samples = [];
  for (let run = 0; run < runs; run += 1) {
    for (const screen of screens) {
      const context = await browser.newContext({ viewport: screen.viewport ?? DESKTOP, storageState });
      await context.addInitScript(watchFor, screen.selector);
      const page = await context.newPage();
      const cold = await load(page, screen);
      const warm = await load(page, screen);
      samples.push({ screen: screen.name, run, cold, warm });
      await context.close();
    }
  }

  const fmt = (v) => (v === null ? '–' : `${Math.round(v)}`.padStart(5));
  console.log(
    `\nTime to data, ms from navigation start (median of ${runs}), ${browser.version()} at 1280×800 unless named`,
  );
  console.log(
    `${'screen'.padEnd(30)} ${'cold'.padStart(5)} ${'(req)'.padStart(6)} ${'warm'.padStart(5)} ${'(req)'.padStart(6)}`,
  );
  for (const screen of screens) {
    const mine = samples.filter((s) => s.screen === screen.name);
    const m = (pick) => median(mine.map(pick));
    console.log(
      `${screen.name.padEnd(30)} ${fmt(m((s) => s.cold.shown))} ${fmt(m((s) => s.cold.requestStart)).padStart(6)} ${fmt(
        m((s) => s.warm.shown),
      )} ${fmt(m((s) => s.warm.requestStart)).padStart(6)}`,
    );
  }
  console.log("(req): when the screen's data request started. Targets: warm ≤ 300 ms, cold ≤ 1,000 ms.");
  if (args.json) writeFileSync(args.json, JSON.stringify(samples, null, 1));
} finally {
  await browser?.close();
  await stop();
}
