import type { TenantDb } from '../db/tenancy.js';

/** Realistic projects, plots and partners for the demo company; grows with each business area. */
export async function seedBusinessData(tdb: TenantDb): Promise<void> {
  const projects = [
    { name: 'Green Valley', city: 'Nagpur', area: 48000, rate: 120, plots: 24 },
    { name: 'Sai Nagar Phase 1', city: 'Wardha', area: 36000, rate: 95, plots: 20 },
    { name: 'Shivam Residency', city: 'Amravati', area: 30000, rate: 110, plots: 16 },
  ];
  for (const p of projects) {
    const road = Math.round(p.area * 0.12);
    const mandir = 1200;
    const amenities = Math.round(p.area * 0.05);
    const saleable = p.area - road - mandir - amenities;
    const project = await tdb
      .insertInto('projects')
      .values({
        project_name: p.name,
        city: p.city,
        total_area: p.area,
        total_rate: p.rate,
        total_amount_paise: p.area * p.rate * 100,
        saleable_option: true,
        road_area: road,
        mandir_area: mandir,
        amenities_area: amenities,
        saleable_area: saleable,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    const size = Math.floor(saleable / p.plots);
    await tdb
      .insertInto('plots')
      .values(
        Array.from({ length: p.plots }, (_, i) => ({
          project_id: project.id,
          plot_name: `Plot ${i + 1}`,
          total_plot_size: size,
          plot_number: String(i + 1),
        })),
      )
      .execute();
  }
}
