import { beforeAll } from 'vitest';
import type { TenantRecord } from '../src/db/tenancy.js';
import { setUpCompanies } from './factories.js';
import type { Engine, TestContext } from './helpers.js';

/**
 * The project suites' set-up (modules/projects/projects*.test.ts): companies acme and other with a user's token
 * each, the API as acme's user (or another), and a valid project form.
 */
export function projectsSuite(
  engine: Engine,
  use: (values: {
    t: TestContext;
    acme: TenantRecord;
    other: TenantRecord;
    token: string;
    otherToken: string;
  }) => void = () => {},
) {
  let t: TestContext;
  let acme: TenantRecord;
  let other: TenantRecord;
  let token: string;
  let otherToken: string;

  setUpCompanies(engine, (c) => ({ t, acme, token, second: other, secondToken: otherToken } = c), { second: 'other' });

  const api = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: object, as = token, tenant = acme) =>
    t.call(tenant.tenantId, { method, url, token: as, ...(payload ? { payload } : {}) });

  const valid = {
    projectName: 'Green Valley',
    city: 'Nagpur',
    totalArea: 10000,
    totalRate: 150.5,
    saleableOption: 'yes',
    roadArea: 1000,
    mandirArea: 500,
    amenitiesArea: 250.5,
    plots: [
      { plotName: 'A-1', totalPlotSize: 1200.25, plotNumber: '1' },
      { plotName: 'A-2', totalPlotSize: 1500 },
    ],
  };

  // The suite's values, for the test file's own variables, once set up.
  beforeAll(() => use({ t, acme, other, token, otherToken }));

  return {
    api,
    valid,
    /** A plot's list price, facing, corner and sector when none were given. */
    unpriced: { listRate: null, listPrice: null, facing: null, corner: false, sector: null },
  };
}
