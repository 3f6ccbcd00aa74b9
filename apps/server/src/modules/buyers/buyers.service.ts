import {
  BUYER_SAVED_MESSAGE,
  type BuyerAnswer,
  type BuyerCommand,
  type BuyerDetailAnswer,
  type BuyerListRowAnswer,
  type BuyerSavedAnswer,
  maskAadhaar,
  maskPan,
  owedPaise,
  paise,
  subPaise,
  sumPaise,
} from '@plotbook/domain';
import type { TenantDb } from '../../db/tenancy.js';
import { badRequest, conflict, notFound } from '../../lib/app-error.js';
import { changedFields, recordChange } from '../../lib/audit.js';
import type { Page, PageRequest } from '../../lib/paging.js';
import { buyerTransfers } from '../sales/buyer-transfers.service.js';
import {
  type BuyerRecord,
  type BuyerValues,
  buyerColumns,
  findBuyer,
  findBuyerByMobile,
  insertBuyer,
  listBuyerSales,
  lockBuyer,
  pageBuyers,
  updateBuyer,
} from './buyers.repository.js';

/** Who is asking: a tenant admin sees PANs whole, anyone else masked. */
export interface Viewer {
  isAdmin: boolean;
}

const panFor = (pan: string | null, viewer: Viewer) => (pan === null || viewer.isAdmin ? pan : maskPan(pan));

export function buyerAnswer(b: BuyerRecord, viewer: Viewer): BuyerAnswer {
  return {
    buyerId: b.id,
    name: b.name,
    relativeName: b.relativeName,
    mobile: b.mobile,
    alternateMobile: b.alternateMobile,
    email: b.email,
    address: b.address,
    pan: panFor(b.pan, viewer),
    aadhaar: b.aadhaarLast4 === null ? null : maskAadhaar(b.aadhaarLast4),
    coBuyers: b.coBuyers.map((c) => ({ name: c.name, relation: c.relation, pan: panFor(c.pan, viewer) })),
    nominee: b.nominee,
    createdAt: b.createdAt,
  };
}

/** A buyer's columns as the trail records them: PANs masked (a USER may read a record's history), jsonb as text. */
const trailed = (b: BuyerValues) => {
  const masked = { isAdmin: false };
  return {
    ...buyerColumns(b),
    pan: panFor(b.pan, masked),
    co_buyers: b.coBuyers.length ? JSON.stringify(b.coBuyers.map((c) => ({ ...c, pan: panFor(c.pan, masked) }))) : null,
    nominee: b.nominee ? JSON.stringify(b.nominee) : null,
  };
};

/** The buyer of that id in the company, or 404 (a sale, a transfer, the buyer page). */
export async function assertBuyer(tdb: TenantDb, id: number): Promise<BuyerRecord> {
  const buyer = await findBuyer(tdb, id);
  if (!buyer) throw notFound('Buyer not found.');
  return buyer;
}

const formatMobile = (m: string) => (m.startsWith('+91') ? `+91 ${m.slice(3, 8)} ${m.slice(8)}` : m);

/** 409 when another buyer already holds the mobile, naming them. */
async function refuseTakenMobile(tdb: TenantDb, mobile: string | null, exceptId: number | null): Promise<void> {
  if (mobile === null) return;
  const holder = await findBuyerByMobile(tdb, mobile);
  if (holder && holder.id !== exceptId) {
    throw conflict(
      `A buyer with mobile ${formatMobile(mobile)} already exists: ${holder.name} (buyer ${holder.id}). Choose that buyer instead.`,
      { mobile: `Already the mobile of ${holder.name}` },
    );
  }
}

/**
 * A PAN sent back as it was shown (masked, `XXXXX1234X`) keeps the stored one it masks: a clerk editing a buyer
 * sees only masked PANs and sends them back unchanged. The PAN stored in the same place (`own`) is matched first, so
 * two PANs that mask alike stay each where it was; a masked PAN no stored PAN matches is refused (400 on `field`).
 */
function keptPan(
  sent: string | null | undefined,
  own: string | null | undefined,
  stored: readonly (string | null)[],
  field: string,
): string | null | undefined {
  if (!sent?.startsWith('XXXXX')) return sent;
  const kept = [own ?? null, ...stored].find((pan) => pan !== null && maskPan(pan) === sent);
  if (kept) return kept;
  throw badRequest(`${sent} is a masked PAN that matches none on record for this buyer: enter the whole PAN.`, {
    [field]: 'Enter the whole PAN',
  });
}

const valuesOf = (input: BuyerCommand, before: BuyerRecord | null): BuyerValues => {
  const storedPans = before ? [before.pan, ...before.coBuyers.map((c) => c.pan)] : [];
  const pan = keptPan(input.pan, before?.pan, storedPans, 'pan');
  return {
    name: input.name,
    relativeName: input.relativeName,
    mobile: input.mobile,
    alternateMobile: input.alternateMobile,
    email: input.email,
    address: input.address,
    pan: pan === undefined ? (before?.pan ?? null) : pan,
    aadhaarLast4: input.aadhaar === undefined ? (before?.aadhaarLast4 ?? null) : input.aadhaar,
    coBuyers: input.coBuyers.map((c, i) => ({
      name: c.name,
      relation: c.relation,
      pan: keptPan(c.pan, before?.coBuyers[i]?.pan, storedPans, `coBuyers.${i}.pan`) ?? null,
    })),
    nominee: input.nominee,
  };
};

/** Stores a new buyer and its trail row; 409 when the mobile is another buyer's. The sale form calls it too. */
export async function addBuyer(tdb: TenantDb, values: BuyerValues, userId: number): Promise<BuyerRecord> {
  await refuseTakenMobile(tdb, values.mobile, null);
  const id = await insertBuyer(tdb, values, userId);
  recordChange(tdb, { entity: 'buyer', entityId: id, action: 'create', changes: changedFields(null, trailed(values)) });
  return assertBuyer(tdb, id);
}

export async function createBuyer(
  tdb: TenantDb,
  input: BuyerCommand,
  userId: number,
  viewer: Viewer,
): Promise<BuyerSavedAnswer> {
  const buyer = await addBuyer(tdb, valuesOf(input, null), userId);
  return { ...buyerAnswer(buyer, viewer), message: BUYER_SAVED_MESSAGE };
}

export async function editBuyer(
  tdb: TenantDb,
  id: number,
  input: BuyerCommand,
  viewer: Viewer,
): Promise<BuyerSavedAnswer> {
  const before = await lockBuyer(tdb, id);
  if (!before) throw notFound('Buyer not found.');
  const values = valuesOf(input, before);
  await refuseTakenMobile(tdb, values.mobile, id);
  const changes = changedFields(trailed(before), trailed(values));
  if (Object.keys(changes).length > 0) {
    await updateBuyer(tdb, id, values);
    recordChange(tdb, { entity: 'buyer', entityId: id, action: 'update', changes });
  }
  return { ...buyerAnswer(await assertBuyer(tdb, id), viewer), message: BUYER_SAVED_MESSAGE };
}

export async function getBuyers(tdb: TenantDb, page: PageRequest, viewer: Viewer): Promise<Page<BuyerListRowAnswer>> {
  const found = await pageBuyers(tdb, page);
  return { ...found, rows: found.rows.map((b) => ({ ...buyerAnswer(b, viewer), saleCount: b.saleCount })) };
}

export async function getBuyer(tdb: TenantDb, id: number, viewer: Viewer): Promise<BuyerDetailAnswer> {
  const buyer = await assertBuyer(tdb, id);
  const sales = (await listBuyerSales(tdb, id)).map((s) => ({
    saleId: s.saleId,
    projectId: s.projectId,
    projectName: s.projectName,
    plotId: s.plotId,
    plotName: s.plotName,
    saleDate: s.saleDate,
    paymentType: s.paymentType,
    saleAmount: s.salePaise,
    transferFee: s.transferFeePaise,
    status: s.status,
    received: s.receivedPaise,
    pending: s.status === 'Active' ? subPaise(owedPaise(s), s.receivedPaise) : paise(0),
    refund: s.refundPaise,
    retained: s.retainedPaise,
    refundStatus: s.refundStatus,
  }));
  return {
    ...buyerAnswer(buyer, viewer),
    sales,
    received: sumPaise(sales.map((s) => s.received)),
    pending: sumPaise(sales.map((s) => s.pending)),
    transfers: await buyerTransfers(tdb, id),
  };
}

/**
 * The buyer a sale names from the spec's `buyerName` + `buyerMobile`: the buyer holding the mobile, else a new
 * buyer of that name and mobile; a name without a mobile is a new buyer; nothing (or a mobile alone no buyer
 * holds) is no buyer.
 */
export async function buyerForSale(
  tdb: TenantDb,
  name: string | null,
  mobile: string | null,
  userId: number,
): Promise<BuyerRecord | null> {
  if (mobile !== null) {
    const holder = await findBuyerByMobile(tdb, mobile);
    if (holder) return holder;
  }
  if (name === null) return null;
  return addBuyer(tdb, newBuyerValues(name, mobile), userId);
}

export const newBuyerValues = (name: string, mobile: string | null): BuyerValues => ({
  name,
  relativeName: null,
  mobile,
  alternateMobile: null,
  email: null,
  address: null,
  pan: null,
  aadhaarLast4: null,
  coBuyers: [],
  nominee: null,
});

/** A buyer sent whole with a sale (`buyer: {…}`): stored like POST /api/buyer (409 on a taken mobile). */
export const addBuyerFromInput = (tdb: TenantDb, input: BuyerCommand, userId: number) =>
  addBuyer(tdb, valuesOf(input, null), userId);
