import {
  addMonths,
  DEVELOPMENT_PARTICULARS,
  developmentRowSchema,
  paise,
  purchaseRowSchema,
  saleableArea,
  todayIso,
  toRupees,
  totalAmountPaise,
} from '@plotbook/domain';
import type { TenantDb } from '../db/tenancy.js';
import { insertActivities } from '../modules/activities/activities.repository.js';
import { insertDevelopment } from '../modules/development/development.repository.js';
import { insertPartners, insertShares } from '../modules/partners/partners.repository.js';
import { insertPlots, insertProject } from '../modules/projects/project-writes.repository.js';
import { insertPurchases } from '../modules/purchases/purchases.repository.js';
import { monthsAgo } from './demo-dates.js';
import { seedDemoPlan } from './demo-plan.js';
import { demoPlotPrice } from './demo-plot-prices.js';
import { type SeededProject, seedSales } from './demo-sales.js';

/** A tiny deterministic generator, so every fresh demo looks the same. */
function sequence(seed: number) {
  let state = seed;
  return () => {
    state = (state * 1103515245 + 12345) % 2147483648;
    return state / 2147483648;
  };
}

/** The land of each project was bought `startMonthsAgo` months before today, so the demo always looks current. */
const PROJECTS = [
  { name: 'Green Valley', city: 'Nagpur', area: 48000, rate: 120, plots: 24, startMonthsAgo: 21, startDay: 10 },
  { name: 'Sai Nagar Phase 1', city: 'Wardha', area: 36000, rate: 95, plots: 20, startMonthsAgo: 17, startDay: 1 },
  { name: 'Shivam Residency', city: 'Amravati', area: 30000, rate: 110, plots: 16, startMonthsAgo: 10, startDay: 15 },
];

const PARTNERS = [
  { name: 'Rajesh Deshmukh', city: 'Nagpur', email: 'rajesh.deshmukh@example.com', phone: '9822012345' },
  { name: 'Sunita Kulkarni', city: 'Wardha', email: 'sunita.k@example.com', phone: '9890054321' },
  { name: 'Imran Shaikh', city: 'Amravati', email: 'imran.shaikh@example.com', phone: '9765011122' },
];

/** Each project's partners and their shares (percent). */
const SHARES: [number, number][][] = [
  [
    [0, 50],
    [1, 30],
    [2, 20],
  ],
  [
    [0, 60],
    [1, 40],
  ],
  [
    [0, 40],
    [2, 60],
  ],
];

/**
 * Realistic data for the demo company: three projects with ~60 plots, partners with shares, purchases from the
 * farmers, development costs and activities; then sales, receipts, registrations and partner payouts
 * (demo-sales.ts), written by `userId` with dates relative to `today`. Each table is written by its repository;
 * the purchase and development rows are parsed by the API's own schemas first.
 */
export async function seedBusinessData(tdb: TenantDb, options: { userId: number; today?: string }): Promise<void> {
  const { userId } = options;
  const today = options.today ?? todayIso();
  const random = sequence(42);
  const seeded: SeededProject[] = [];
  const partners = await insertPartners(
    tdb,
    PARTNERS.map((p) => ({ partnerName: p.name, city: p.city, email: p.email, phone: p.phone })),
  );

  for (const [index, project_] of PROJECTS.entries()) {
    const p = { ...project_, start: monthsAgo(today, project_.startMonthsAgo, project_.startDay) };
    const road = Math.round(p.area * 0.12);
    const mandir = 1200;
    const amenities = Math.round(p.area * 0.05);
    const saleable = saleableArea(p.area, road, mandir, amenities);
    const projectId = await insertProject(tdb, {
      projectName: p.name,
      city: p.city,
      totalArea: p.area,
      totalRate: p.rate,
      totalAmountPaise: totalAmountPaise(p.area, p.rate),
      saleableOption: true,
      roadArea: road,
      mandirArea: mandir,
      amenitiesArea: amenities,
      saleableArea: saleable,
    });
    const size = Math.floor(saleable / p.plots);
    const plotNames = Array.from({ length: p.plots }, (_, i) => `Plot ${i + 1}`);
    const plotIds = await insertPlots(
      tdb,
      projectId,
      plotNames.map((plotName, i) => ({
        plotName,
        totalPlotSize: size,
        plotNumber: String(i + 1),
        ...demoPlotPrice(index, i, p.plots, size),
      })),
    );
    // The layout plan of one project, drawn on the plot board (issue 21).
    if (index === 1)
      await seedDemoPlan(
        tdb,
        projectId,
        plotNames.map((name) => ({ name, size })),
        userId,
      );

    const shares = SHARES[index] ?? [];
    await insertShares(
      tdb,
      shares.map(([partner, share]) => ({
        partnerId: partners[partner] as number,
        projectId,
        percentageShare: share,
      })),
    );
    const partnerOf = (i: number) => partners[shares[i % shares.length]?.[0] ?? 0] as number;

    // The land: token money to the farmer, the sale deed in two cheques, stamp duty and the advocate.
    const land = totalAmountPaise(p.area, p.rate);
    const purchases: [string, number, string, string][] = [
      ['Visarpavti', Math.round(land * 0.1), 'Cash', p.start],
      ['Kharedikhar', Math.round(land * 0.45), 'Cheque', addMonths(p.start, 1)],
      ['Kharedikhar', land - Math.round(land * 0.1) - Math.round(land * 0.45), 'Online', addMonths(p.start, 2)],
      ['Stamp+Advocate', Math.round(land * 0.07), 'Online', addMonths(p.start, 2)],
    ];
    await insertPurchases(
      tdb,
      purchases.map(([particular, amount, mode, date], i) =>
        purchaseRowSchema.parse({
          projectId,
          partnerId: partnerOf(i),
          particular,
          date,
          mode,
          modeDetail: mode === 'Cheque' ? `HDFC ${100200 + i}` : mode === 'Online' ? `UTR ${880000 + i * 17}` : null,
          creditTo: `Farmer ${['Ramesh Patil', 'Ganesh Wankhede', 'Bhaskar Thakre'][index]}`,
          modeDate: date,
          amount: toRupees(paise(amount)),
        }),
      ),
      userId,
    );

    // Development: project-wide works spread over all plots, and a few per-plot charges.
    const works = DEVELOPMENT_PARTICULARS.slice(0, 7);
    await insertDevelopment(
      tdb,
      [
        ...works.map((particular, i) => ({
          projectId,
          plotId: null,
          partnerId: partnerOf(i),
          category: 'per_project',
          particular,
          date: addMonths(p.start, 3 + (i % 4)),
          mode: i % 2 ? 'Online' : 'Cash',
          modeDetail: null,
          creditTo: ['Shree Contractors', 'MSEDCL', 'Patil Earthmovers'][i % 3] ?? null,
          modeDate: addMonths(p.start, 3 + (i % 4)),
          amount: toRupees(paise(Math.round((40000 + random() * 160000) * 100))),
        })),
        ...plotIds.slice(0, 4).map((plotId, i) => ({
          projectId,
          plotId,
          partnerId: partnerOf(i + 1),
          category: i % 2 ? 'per_sqft' : 'per_plot',
          particular: 'Marking Pole',
          date: addMonths(p.start, 4),
          mode: 'Cash',
          modeDetail: null,
          creditTo: 'Site supervisor',
          modeDate: addMonths(p.start, 4),
          amount: toRupees(paise(2500_00 + i * 500_00)),
        })),
      ].map((row) => developmentRowSchema.parse(row)),
      userId,
    );

    await insertActivities(tdb, [
      { projectId, activityType: 'PLOT_PURCHASE', activityName: 'Kharedikhar', status: 'Inactive' },
      { projectId, activityType: 'PLOT_DEVELOPMENT', activityName: 'Road Rate', status: 'Active' },
      { projectId, activityType: 'PLOT_DEVELOPMENT', activityName: 'Electricity Rate', status: 'Active' },
      { projectId, activityType: 'PLOT_SALE', activityName: 'Plot Sale', status: 'Active' },
    ]);
    seeded.push({
      projectId,
      plots: plotIds.map((id, i) => ({ id, name: plotNames[i] as string })),
      partners: shares.map(([partner]) => ({ id: partners[partner] as number, name: PARTNERS[partner]?.name ?? '' })),
    });
  }
  await seedSales(tdb, seeded, { userId, today });
}
