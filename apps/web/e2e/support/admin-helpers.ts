import { writeFile } from 'node:fs/promises';
import { deflateSync } from 'node:zlib';
import { expect, type Page } from '@playwright/test';
import { SUPER_ADMIN, type TestServer } from './test-server';

/** Signs in at Master Login on `origin` (the platform or a tenant host) and waits to leave the login page. */
export async function masterLogin(page: Page, origin: string, email: string, password: string): Promise<void> {
  await page.goto(`${origin}/admin/login`);
  await page.locator('html[data-hydrated]').waitFor({ state: 'attached' });
  await page.getByLabel('Email').fill(email);
  await page.getByRole('textbox', { name: 'Password', exact: true }).fill(password);
  await page.getByRole('button', { name: 'Login' }).click();
  await expect(page).not.toHaveURL(/\/admin\/login$/);
}

export async function loginAsSuperAdmin(page: Page, server: TestServer): Promise<void> {
  await masterLogin(page, server.platformUrl('').replace(/\/$/, ''), SUPER_ADMIN.email, SUPER_ADMIN.password);
  await expect(page).toHaveURL(server.platformUrl('/admin/dashboard'));
}

/** `http://<tenantId>.localhost:<port>`: Chromium resolves every *.localhost name to this machine. */
export function tenantOrigin(server: TestServer, tenantId: string): string {
  return `http://${tenantId}.localhost:${server.port}`;
}

const CRC_TABLE = Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});

function crc32(bytes: Buffer): number {
  let c = 0xffffffff;
  for (const b of bytes) c = (CRC_TABLE[(c ^ b) & 0xff] as number) ^ (c >>> 8);
  return (c ^ 0xffffffff) >>> 0;
}

function chunk(type: string, data: Buffer): Buffer {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([length, body, crc]);
}

/** Writes a real `size`×`size` PNG (a green square with a white diagonal) and returns its path. */
export async function writePng(path: string, size = 32): Promise<string> {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(size, 0);
  header.writeUInt32BE(size, 4);
  header.set([8, 2, 0, 0, 0], 8); // 8-bit RGB
  const rows: number[] = [];
  for (let y = 0; y < size; y++) {
    rows.push(0);
    for (let x = 0; x < size; x++) rows.push(...(x === y ? [255, 255, 255] : [12, 166, 120]));
  }
  const png = Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(Buffer.from(rows))),
    chunk('IEND', Buffer.alloc(0)),
  ]);
  await writeFile(path, png);
  return path;
}

export interface DemoRequestDetails {
  name: string;
  email: string;
  mobileNumber: string;
  city: string;
  companyName: string;
  companyLocation: string;
}

/** Fills and sends the public Request a Demo form on the platform host. */
export async function submitDemoRequest(page: Page, server: TestServer, details: DemoRequestDetails, logo?: string) {
  await page.goto(server.platformUrl('/create-demo'));
  await page.locator('html[data-hydrated]').waitFor({ state: 'attached' });
  await page.getByRole('textbox', { name: 'Name', exact: true }).fill(details.name);
  await page.getByRole('textbox', { name: 'Email', exact: true }).fill(details.email);
  await page.getByLabel('Mobile Number').fill(details.mobileNumber);
  await page.getByLabel('City').fill(details.city);
  await page.getByLabel('Company Name').fill(details.companyName);
  await page.getByLabel('Company Location').fill(details.companyLocation);
  if (logo) {
    await page.locator('input[type="file"]').setInputFiles(logo);
    await expect(page.getByTestId('logo-preview')).toBeVisible();
  }
  await page.getByRole('button', { name: 'Submit Request' }).click();
  await expect(
    page.getByText(`Demo request created successfully! For more details, contact ${details.email}`),
  ).toBeVisible();
}
