import { request } from 'node:http';
import { expect, type Page, test } from '@playwright/test';
import { choose, fillMoneyRow } from './support/forms';
import { gotoHydrated } from './support/pages';
import { SUPER_ADMIN, setupTestServer, type TestServer } from './support/test-server';

const server = setupTestServer();
test.use({ locale: 'en-IN' });

const TENANT = 'flowco';
const USER = { userName: 'Kavita Rao', emailId: 'kavita@flowco.example', password: 'flow-pass-42' };

/** Calls the API from Node (fetch may not set Host, and Node does not resolve `*.localhost`). */
function call<T>(s: TestServer, host: string, path: string, body: unknown, token?: string): Promise<T> {
  const payload = JSON.stringify(body);
  return new Promise((resolve, reject) => {
    const req = request(
      {
        host: '127.0.0.1',
        port: s.port,
        path,
        method: 'POST',
        headers: {
          Host: `${host}:${s.port}`,
          'Content-Type': 'application/json',
          'Content-Length': Buffer.byteLength(payload),
          ...(token ? { Authorization: `Bearer ${token}` } : {}),
        },
      },
      (res) => {
        let text = '';
        res.on('data', (chunk: Buffer) => {
          text += chunk.toString();
        });
        res.on('end', () => {
          const status = res.statusCode ?? 0;
          if (status >= 400) reject(new Error(`${path} answered ${status}: ${text}`));
          else resolve(JSON.parse(text) as T);
        });
      },
    );
    req.on('error', reject);
    req.end(payload);
  });
}

/** A new company with one user of its own: nothing in it yet. */
async function createTenantWithUser(s: TestServer) {
  const { accessToken } = await call<{ accessToken: string }>(s, 'localhost', '/api/master/login', {
    email: SUPER_ADMIN.email,
    password: SUPER_ADMIN.password,
  });
  await call(
    s,
    'localhost',
    '/api/admin/create-tenant',
    { tenantId: TENANT, dbName: 'flowco_db', dbUsername: 'flowco_user', dbPassword: 'flowco-db-secret' },
    accessToken,
  );
  // Created by the super admin, the user is active at once (a self-registration would wait for approval).
  await call(
    s,
    'localhost',
    `/api/admin/tenants/${TENANT}/users`,
    {
      name: USER.userName,
      email: USER.emailId,
      password: USER.password,
      mobileNumber: '9822012345',
      city: 'Wardha',
      role: 'USER',
    },
    accessToken,
  );
}

const url = (path: string) => `http://${TENANT}.localhost:${server.port}${path}`;

function statCard(page: Page, label: string) {
  return page.locator('.mantine-Card-root').filter({ has: page.getByText(label, { exact: true }) });
}

test('a new company records a project, partners, purchases and development and sees them everywhere', async ({
  page,
}) => {
  test.setTimeout(120_000);
  await createTenantWithUser(server);

  // A fresh user session on the new company's address.
  await gotoHydrated(page, url('/login'));
  await page.getByLabel('Email Address').fill(USER.emailId);
  await page.getByRole('textbox', { name: 'Password', exact: true }).fill(USER.password);
  await page.getByRole('button', { name: 'Login' }).click();
  await expect(page).toHaveURL(url('/dashboard'));
  await expect(page.getByTestId('top-bar-user')).toHaveText(USER.userName);
  await expect(statCard(page, 'Total Plots')).toContainText(/Total Plots\s*0$/);
  await expect(page.getByText('No recent projects')).toBeVisible();

  // 1. A project with three plots.
  await page.getByRole('link', { name: 'Add Project' }).click();
  await expect(page).toHaveURL(url('/project'));
  await page.getByLabel('Project Name').fill('Sunrise Meadows');
  await page.getByLabel('City').fill('Wardha');
  await page.getByLabel('Total Area (sq ft)').fill('12000');
  await page.getByLabel('Total Rate (per sq ft)').fill('200');
  await page.getByLabel('Plot Name').nth(0).fill('SM-1');
  await page.getByLabel('Plot Size (sq ft)').nth(0).fill('3000');
  for (const [index, name, size] of [
    [1, 'SM-2', '3000'],
    [2, 'SM-3', '2500'],
  ] as const) {
    await page.getByRole('button', { name: 'Add Plot' }).click();
    await page.getByLabel('Plot Name').nth(index).fill(name);
    await page.getByLabel('Plot Size (sq ft)').nth(index).fill(size);
  }
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('Project saved successfully!')).toBeVisible();

  // 2. Two partners sharing it 60/40.
  await page
    .getByRole('navigation', { name: 'Main navigation' })
    .getByRole('link', { name: 'Partner', exact: true })
    .click();
  await expect(page).toHaveURL(url('/partner'));
  for (const [name, city, share] of [
    ['Anil Patil', 'Pune', '60'],
    ['Meera Joshi', 'Nagpur', '40'],
  ] as const) {
    await page.getByRole('textbox', { name: 'Name', exact: true }).fill(name);
    await page.getByLabel('City').fill(city);
    await choose(page, 'Project', 'Sunrise Meadows - Wardha');
    await page.getByLabel('Share (%)').fill(share);
    await page.getByRole('button', { name: 'Save' }).click();
    await expect(page.getByText('Partner saved successfully!')).toBeVisible();
    await expect(page.getByRole('row').filter({ hasText: name })).toContainText(`Sunrise Meadows · ${share}%`);
  }

  // 3. Two land payments, saved together.
  await page
    .getByRole('navigation', { name: 'Main navigation' })
    .getByRole('link', { name: /Plot Purchase/ })
    .click();
  await expect(page).toHaveURL(url('/purchase'));
  await choose(page, 'Project', 'Sunrise Meadows - Wardha');
  await expect(page.getByRole('region', { name: 'Project details' })).toContainText('₹ 24,00,000.00');
  await fillMoneyRow(page, 1, {
    particular: 'Visarpavti',
    date: '10/01/2026',
    mode: 'Cash',
    creditTo: 'Shankar Wagh',
    amount: '500000',
    partner: /^Anil Patil/,
  });
  await page.getByRole('button', { name: 'Add Row' }).click();
  await fillMoneyRow(page, 2, {
    particular: 'Kharedikhar',
    date: '20/01/2026',
    mode: 'Cheque',
    creditTo: 'Shankar Wagh',
    amount: '1900000',
    partner: /^Meera Joshi/,
  });
  await page.getByRole('button', { name: 'Save All' }).click();
  await expect(page.getByText('Saved!', { exact: true })).toBeVisible();

  // 4. Development: a road for the whole project and marking for one plot.
  await page
    .getByRole('navigation', { name: 'Main navigation' })
    .getByRole('link', { name: 'Plot Development' })
    .click();
  await expect(page).toHaveURL(url('/development'));
  await choose(page, 'Project', 'Sunrise Meadows - Wardha');
  await choose(page, 'Category', 'Per project');
  await fillMoneyRow(page, 1, {
    particular: 'Road Rate',
    date: '05/02/2026',
    mode: 'Online',
    amount: '150000',
    partner: /^Anil Patil/,
  });
  await page.getByRole('button', { name: 'Save All' }).click();
  await expect(page.getByText('Development information saved successfully!')).toBeVisible();
  await choose(page, 'Category', 'Per plot');
  await choose(page, 'Plot', /^SM-2 /);
  await fillMoneyRow(page, 1, {
    particular: 'Marking Pole',
    date: '06/02/2026',
    mode: 'Cash',
    amount: '4500',
    partner: /^Meera Joshi/,
  });
  await page.getByRole('button', { name: 'Save All' }).click();
  await expect(page.getByText('Development information saved successfully!')).toBeVisible();

  // 5. The dashboard counts them.
  await page
    .getByRole('navigation', { name: 'Main navigation' })
    .getByRole('link', { name: 'Dashboard', exact: true })
    .click();
  await expect(statCard(page, 'Active Projects')).toContainText(/Active Projects\s*1$/);
  await expect(statCard(page, 'Total Plots')).toContainText(/Total Plots\s*3$/);
  await expect(statCard(page, 'Business Partners')).toContainText(/Business Partners\s*2$/);
  await expect(page.getByText('Sunrise Meadows', { exact: true })).toBeVisible();
  await expect(page.getByText('Wardha · 3 plots')).toBeVisible();

  // 6. All Project Details lists the project with its plots.
  await page.goto(url('/view-projects'));
  const card = page.getByRole('article', { name: 'Sunrise Meadows - Wardha' });
  await expect(card).toContainText('₹ 24,00,000.00');
  await expect(card.getByTestId('plot-line')).toHaveCount(3);
  await expect(card).toContainText('SM-2');

  // 7. The purchase list shows both payments and their total.
  await page.goto(url('/purchase-list'));
  await choose(page, 'Project', 'Sunrise Meadows - Wardha');
  await expect(page.getByText('2 records', { exact: true })).toBeVisible();
  await expect(page.getByRole('row', { name: /Visarpavti/ })).toContainText('Anil Patil');
  await expect(page.getByRole('row', { name: /Kharedikhar/ })).toContainText('₹ 19,00,000.00');
  await expect(page.locator('tfoot')).toContainText('₹ 24,00,000.00');

  // 8. The development rows are on Partner Contribution, the plot's own row under that plot.
  await page.goto(url('/partnercontribution'));
  await choose(page, 'Project', 'Sunrise Meadows - Wardha');
  await expect(page.getByText('2 records', { exact: true })).toBeVisible();
  await expect(page.locator('tfoot')).toContainText('₹ 1,54,500.00');
  await choose(page, 'Plot (optional)', /^SM-2 /);
  await expect(page.getByText('1 record', { exact: true })).toBeVisible();
  await expect(page.getByRole('row', { name: /Marking Pole/ })).toContainText('Meera Joshi');
});
