import { addMonths, DEVELOPMENT_PARTICULARS, saleableArea, todayIso, totalAmountPaise } from '@plotbook/domain';
import type { TenantDb } from '../db/tenancy.js';
import { monthsAgo, type SeededProject, seedSales } from './demo-sales.js';

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
 * (demo-sales.ts), written by `userId` with dates relative to `today`.
 */
export async function seedBusinessData(tdb: TenantDb, options: { userId: number; today?: string }): Promise<void> {
  const today = options.today ?? todayIso();
  const random = sequence(42);
  const seeded: SeededProject[] = [];
  const partners = await tdb
    .insertInto('partners')
    .values(PARTNERS.map((p) => ({ partner_name: p.name, city: p.city, email: p.email, phone: p.phone })))
    .returning('id')
    .execute();

  for (const [index, project_] of PROJECTS.entries()) {
    const p = { ...project_, start: monthsAgo(today, project_.startMonthsAgo, project_.startDay) };
    const road = Math.round(p.area * 0.12);
    const mandir = 1200;
    const amenities = Math.round(p.area * 0.05);
    const saleable = saleableArea(p.area, road, mandir, amenities);
    const project = await tdb
      .insertInto('projects')
      .values({
        project_name: p.name,
        city: p.city,
        total_area: p.area,
        total_rate: p.rate,
        total_amount_paise: totalAmountPaise(p.area, p.rate),
        saleable_option: true,
        road_area: road,
        mandir_area: mandir,
        amenities_area: amenities,
        saleable_area: saleable,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    const size = Math.floor(saleable / p.plots);
    const plots = await tdb
      .insertInto('plots')
      .values(
        Array.from({ length: p.plots }, (_, i) => ({
          project_id: project.id,
          plot_name: `Plot ${i + 1}`,
          total_plot_size: size,
          plot_number: String(i + 1),
        })),
      )
      .returning(['id', 'plot_name'])
      .execute();

    const shares = SHARES[index] ?? [];
    await tdb
      .insertInto('partner_projects')
      .values(
        shares.map(([partner, share]) => ({
          partner_id: partners[partner]?.id as number,
          project_id: project.id,
          percentage_share: share,
        })),
      )
      .execute();
    const partnerOf = (i: number) => partners[shares[i % shares.length]?.[0] ?? 0]?.id as number;

    // The land: token money to the farmer, the sale deed in two cheques, stamp duty and the advocate.
    const land = totalAmountPaise(p.area, p.rate);
    const purchases: [string, number, string, string][] = [
      ['Visarpavti', Math.round(land * 0.1), 'Cash', p.start],
      ['Kharedikhar', Math.round(land * 0.45), 'Cheque', addMonths(p.start, 1)],
      ['Kharedikhar', land - Math.round(land * 0.1) - Math.round(land * 0.45), 'Online', addMonths(p.start, 2)],
      ['Stamp+Advocate', Math.round(land * 0.07), 'Online', addMonths(p.start, 2)],
    ];
    await tdb
      .insertInto('purchase_entries')
      .values(
        purchases.map(([particular, amount, mode, date], i) => ({
          project_id: project.id,
          partner_id: partnerOf(i),
          particular,
          entry_date: date,
          mode,
          mode_detail: mode === 'Cheque' ? `HDFC ${100200 + i}` : mode === 'Online' ? `UTR ${880000 + i * 17}` : null,
          credit_to: `Farmer ${['Ramesh Patil', 'Ganesh Wankhede', 'Bhaskar Thakre'][index]}`,
          mode_date: date,
          amount_paise: amount,
        })),
      )
      .execute();

    // Development: project-wide works spread over all plots, and a few per-plot charges.
    const works = DEVELOPMENT_PARTICULARS.slice(0, 7);
    await tdb
      .insertInto('development_entries')
      .values([
        ...works.map((particular, i) => ({
          project_id: project.id,
          plot_id: null,
          partner_id: partnerOf(i),
          category: 'per_project' as const,
          particular,
          entry_date: addMonths(p.start, 3 + (i % 4)),
          mode: i % 2 ? 'Online' : 'Cash',
          mode_detail: null,
          credit_to: ['Shree Contractors', 'MSEDCL', 'Patil Earthmovers'][i % 3] ?? null,
          mode_date: addMonths(p.start, 3 + (i % 4)),
          amount_paise: Math.round((40000 + random() * 160000) * 100),
        })),
        ...plots.slice(0, 4).map((plot, i) => ({
          project_id: project.id,
          plot_id: plot.id,
          partner_id: partnerOf(i + 1),
          category: (i % 2 ? 'per_sqft' : 'per_plot') as 'per_sqft' | 'per_plot',
          particular: 'Marking Pole',
          entry_date: addMonths(p.start, 4),
          mode: 'Cash',
          mode_detail: null,
          credit_to: 'Site supervisor',
          mode_date: addMonths(p.start, 4),
          amount_paise: 2500_00 + i * 500_00,
        })),
      ])
      .execute();

    await tdb
      .insertInto('activities')
      .values([
        { project_id: project.id, activity_type: 'PLOT_PURCHASE', activity_name: 'Kharedikhar', status: 'Inactive' },
        { project_id: project.id, activity_type: 'PLOT_DEVELOPMENT', activity_name: 'Road Rate', status: 'Active' },
        {
          project_id: project.id,
          activity_type: 'PLOT_DEVELOPMENT',
          activity_name: 'Electricity Rate',
          status: 'Active',
        },
        { project_id: project.id, activity_type: 'PLOT_SALE', activity_name: 'Plot Sale', status: 'Active' },
      ])
      .execute();
    seeded.push({
      projectId: project.id,
      plots: plots.map((plot) => ({ id: plot.id, name: plot.plot_name })),
      partners: shares.map(([partner]) => ({
        id: partners[partner]?.id as number,
        name: PARTNERS[partner]?.name ?? '',
      })),
    });
  }
  await seedSales(tdb, seeded, { userId: options.userId, today });
}
