import { execFileSync } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { type CompanySuite, setUpCompanies } from './factories.js';
import type { Engine } from './helpers.js';

/** A 16×16 red PNG: a logo pdfkit can draw. */
export const LOGO_PNG =
  'iVBORw0KGgoAAAANSUhEUgAAABAAAAAQCAIAAACQkWg2AAAAFklEQVR4nGO4YGBAEmIY1TCqYfhqAAA+XjAQexaBIwAAAABJRU5ErkJggg==';

/** Where the suites leave each kind of PDF and its first page as PNG (to be looked at). */
export const PDF_DIR = join(tmpdir(), 'plotbook-documents');

/** The text of a PDF as pdftotext reads it (layout kept, so a row's cells stay on one line). */
export function pdfText(bytes: Buffer, name: string): string {
  mkdirSync(PDF_DIR, { recursive: true });
  const file = join(PDF_DIR, `${name}.pdf`);
  writeFileSync(file, bytes);
  return execFileSync('pdftotext', ['-layout', file, '-'], { encoding: 'utf8' });
}

/** Renders a PDF's first page to `<name>-1.png` beside it (pdftoppm) and answers the PNG's path. */
export function pdfPng(name: string): string {
  const file = join(PDF_DIR, `${name}.pdf`);
  execFileSync('pdftoppm', ['-png', '-r', '80', '-f', '1', '-l', '1', file, join(PDF_DIR, name)]);
  return join(PDF_DIR, `${name}-1.png`);
}

/**
 * The documents suites' set-up: a company on a clock at India's 28/11/2026 noon with a tenant admin's token, a
 * Company Profile in Marathi and English with a logo and the prefix PBK, a buyer with a Marathi name, a co-buyer
 * and an email, and a second company to ask from.
 */
export function documentsSuite(engine: Engine, use: (s: CompanySuite & { adminToken: string }) => void) {
  const clock = { now: Date.parse('2026-11-28T06:30:00Z') };
  let suite: CompanySuite & { adminToken: string };
  setUpCompanies(
    engine,
    (c) => {
      suite = { ...c, adminToken: '' };
    },
    { second: 'globex', clock: () => clock.now },
  );
  const api = (method: 'GET' | 'POST' | 'PUT', url: string, payload?: unknown, token?: string) =>
    suite.t.call(suite.acme.tenantId, {
      method,
      url,
      token: token ?? suite.token,
      ...(payload ? { payload: payload as object } : {}),
    });
  const setUp = async () => {
    suite.adminToken = await suite.t.userToken(suite.acme, 'TENANT_ADMIN');
    const profile = await api(
      'PUT',
      '/api/company-profile',
      {
        companyName: 'श्री गणेश लँड डेव्हलपर्स (Shree Ganesh Land Developers)',
        address: 'प्लॉट २, धंतोली, नागपूर 440012',
        gstin: '27ABCDE1234F1Z5',
        pan: 'ABCDE1234F',
        reraNo: 'P50500012345',
        receiptPrefix: 'pbk',
        logo: LOGO_PNG,
      },
      suite.adminToken,
    );
    if (profile.statusCode !== 200) throw new Error(`profile: ${profile.statusCode} ${profile.body}`);
    use(suite);
  };
  return { api, setUp, clock, get: () => suite };
}

/** A buyer with a Marathi name and a sale of a new project's plot to them (₹ 5,00,000 on EMI: ₹ 1,00,000 + 4 × ₹ 1,00,000). */
export async function buyerWithSale(
  api: ReturnType<typeof documentsSuite>['api'],
  f: CompanySuite['f'],
  buyer: { email?: string | null; mobile: string },
) {
  const made = await api('POST', '/api/buyer', {
    name: 'विठ्ठल पांडुरंग क्षीरसागर',
    relativeName: 'पांडुरंग क्षीरसागर',
    mobile: buyer.mobile,
    email: buyer.email === undefined ? 'vitthal@example.com' : buyer.email,
    address: 'सदाशिव पेठ, पुणे 411030',
    coBuyers: [{ name: 'सौ. ज्ञानेश्वरी क्षीरसागर', relation: 'Wife' }],
  });
  if (made.statusCode !== 201) throw new Error(`buyer: ${made.statusCode} ${made.body}`);
  const buyerId = made.json().buyerId as number;
  const project = await f.project({ plots: 1 });
  const partnerId = await f.partner({ projectId: project.projectId });
  const plotId = (project.plots[0] as { plotId: number }).plotId;
  const sale = await api('POST', '/api/sale', {
    projectId: project.projectId,
    plotId,
    saleDate: '2026-10-02',
    saleAmount: 500000,
    paymentType: 'EMI',
    advanceAmount: 100000,
    visarpawatiAmount: 0,
    emiDuration: 4,
    emiDate: '2026-11-01',
    buyerId,
  });
  if (sale.statusCode !== 201) throw new Error(`sale: ${sale.statusCode} ${sale.body}`);
  return { buyerId, projectId: project.projectId, plotId, partnerId, saleId: sale.json().saleId as number };
}
