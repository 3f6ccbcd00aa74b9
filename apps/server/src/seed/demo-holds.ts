import { holdPayloadSchema } from '@plotbook/domain';
import type { TenantDb } from '../db/tenancy.js';
import { createHold } from '../modules/board/holds.service.js';
import { getProject } from '../modules/projects/projects.service.js';
import type { DemoPerson } from './demo-trail.js';

type As = <T>(person: DemoPerson, work: (tdb: TenantDb) => Promise<T>) => Promise<T>;

/** The demo's holds (issue 21): buyers, how long, and a note; the first ends within a day. */
const HOLDS = [
  { buyerName: 'Sunita Deshmukh', buyerMobile: '98507 21346', days: 1, note: 'Bringing her husband on Sunday' },
  { buyerName: 'Imran Shaikh', buyerMobile: '99701 84422', days: 3, note: 'Loan sanction awaited' },
  { buyerName: 'Pooja Wankhede', buyerMobile: '97644 10938', days: 7, note: null },
  { buyerName: 'Rahul Gawande', buyerMobile: '98903 55017', days: 14, note: 'Wants a corner plot if one frees up' },
] as const;

/**
 * A few live holds on a demo project's free plots, made through the holds service (its rules, its trail rows) at
 * the time of seeding: the clerk holds three, the owner one; the first ends within a day, for the dashboard's
 * "Holds ending soon".
 */
export async function seedDemoHolds(as: As, people: { clerk: DemoPerson; owner: DemoPerson }, projectId: number) {
  const free = await as(people.clerk, async (tdb) =>
    (await getProject(tdb, projectId)).plots.filter((p) => !p.isSold && !p.archivedAt).map((p) => p.plotId),
  );
  for (const [i, hold] of HOLDS.entries()) {
    const plotId = free[i * 2];
    if (plotId === undefined) return;
    const person = i === 3 ? people.owner : people.clerk;
    await as(person, (tdb) =>
      createHold(tdb, plotId, holdPayloadSchema.parse(hold), {
        userId: person.id,
        isAdmin: person === people.owner,
        now: new Date(),
      }),
    );
  }
}
