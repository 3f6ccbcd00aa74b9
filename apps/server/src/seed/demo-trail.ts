import { purchaseEditSchema, purchaseRowSchema, todayIso } from '@plotbook/domain';
import type { Kysely } from 'kysely';
import { runAsTenant, type TenantDb, type TenantRecord } from '../db/tenancy.js';
import { attachActor } from '../lib/audit.js';
import { archivePartner, savePartner } from '../modules/partners/partners.service.js';
import { getProjectPartners, getProjects } from '../modules/projects/projects.service.js';
import { editPurchase, removePurchase, savePurchases } from '../modules/purchases/purchases.service.js';
import { monthsAgo } from './demo-dates.js';
import { seedDemoHolds } from './demo-holds.js';
import { seedDemoSaleLife } from './demo-sale-life.js';

/** Someone of the demo company, as the trail names them. */
export interface DemoPerson {
  id: number;
  name: string;
}

/**
 * A few days of work in the demo company, done through the services so `recordChange` writes the audit trail
 * (issue 19) as it does for a request: the clerk records two purchase entries, the owner corrects one with a reason
 * (₹ 1,20,000 in cash → ₹ 1,02,000 by cheque), the clerk deletes the other (entered twice), and the owner adds a
 * partner (no share, no money) who then withdraws and is archived. Each step is a transaction of its own with its person attached, as a
 * request is, so the Audit page and the History drawers show named users, reasons and readable changes.
 */
export async function seedDemoTrail(
  db: Kysely<unknown>,
  tenant: TenantRecord,
  people: { clerk: DemoPerson; owner: DemoPerson; today?: string },
): Promise<void> {
  const today = people.today ?? todayIso();
  let step = 0;
  const as = <T>(person: DemoPerson, work: (tdb: TenantDb) => Promise<T>) => {
    step += 1;
    const requestId = `demo-seed-${step}`;
    return runAsTenant(db, tenant, (tdb) => {
      attachActor(tdb, () => ({ userId: person.id, userName: person.name, clientAddress: '10.0.0.12', requestId }));
      return work(tdb);
    });
  };

  const { clerk, owner } = people;
  const { projects, partnerId } = await as(clerk, async (tdb) => {
    const projects = await getProjects(tdb);
    const [partner] = projects[0] ? await getProjectPartners(tdb, projects[0].projectId) : [];
    return { projects, partnerId: partner?.partnerId };
  });
  const [project] = projects;
  const last = projects.at(-1);
  if (!project || !last || partnerId === undefined) return;
  const date = monthsAgo(today, 1, 5);
  const fee = {
    projectId: project.projectId,
    partnerId,
    particular: 'Stamp+Advocate',
    date,
    mode: 'Cash',
    modeDetail: null,
    creditTo: 'Adv. Meera Joshi',
    modeDate: date,
    amount: 120000,
  };
  const saved = await as(clerk, (tdb) =>
    savePurchases(tdb, [purchaseRowSchema.parse(fee), purchaseRowSchema.parse(fee)], clerk.id),
  );
  const [feeId, twiceId] = saved.ids as [number, number];
  await as(owner, (tdb) =>
    editPurchase(
      tdb,
      feeId,
      purchaseEditSchema.parse({
        ...fee,
        mode: 'Cheque',
        modeDetail: 'SBI 004512',
        amount: 102000,
        reason: 'The advocate’s final bill was ₹ 18,000 less; paid by cheque',
      }),
    ),
  );
  await as(clerk, (tdb) => removePurchase(tdb, twiceId, clerk.id, 'Entered twice'));

  const newcomer = await as(owner, (tdb) =>
    savePartner(
      tdb,
      {
        partnerName: 'Vikas Joshi',
        city: 'Nagpur',
        email: null,
        phone: null,
        projects: [{ projectId: last.projectId, percentageShare: null }],
      },
      null,
    ),
  );
  await as(owner, (tdb) => archivePartner(tdb, newcomer, owner.id, 'Withdrew before investing'));

  // A sale's whole life: corrected, a receipt reversed, cancelled with refunds, resold, transferred.
  await seedDemoSaleLife(as, { clerk, owner, today }, project.projectId);
  // Holds on the first project's free plots (issue 21), one ending within a day.
  await seedDemoHolds(as, { clerk, owner }, project.projectId);
}
