import type { TenantDb } from '../db/tenancy.js';
import { type BuyerValues, insertBuyers } from '../modules/buyers/buyers.repository.js';
import { newBuyerValues } from '../modules/buyers/buyers.service.js';

/** What the office knows of some demo buyers beyond name and mobile (by mobile as the plans write it). */
const DETAILS: Record<string, Partial<BuyerValues>> = {
  '98220 41873': {
    relativeName: 'Ramesh Wankhede',
    email: 'anil.wankhede@example.com',
    address: '14, Shivaji Nagar, Nagpur 440010',
    pan: 'AAWPW4821K',
    aadhaarLast4: '4821',
    coBuyers: [{ name: 'Sunanda Wankhede', relation: 'Wife', pan: 'BBWPW1934L' }],
    nominee: { name: 'Rohit Wankhede', relation: 'Son' },
  },
  '98231 55620': {
    relativeName: 'Mukund Deshpande',
    address: 'Flat 3, Laxmi Apartments, Dharampeth, Nagpur',
    pan: 'ACDPD7715M',
    nominee: { name: 'Mukund Deshpande', relation: 'Husband' },
  },
  '98220 58360': {
    relativeName: 'Prakash Khobragade',
    address: 'Camp Road, Amravati 444602',
    pan: 'AGKPK3390C',
    aadhaarLast4: '3390',
    coBuyers: [
      { name: 'Prakash Khobragade', relation: 'Husband', pan: null },
      { name: 'Neha Khobragade', relation: 'Daughter', pan: null },
    ],
    nominee: { name: 'Neha Khobragade', relation: 'Daughter' },
  },
  '98810 34562': {
    relativeName: 'Dattatray Ingle',
    coBuyers: [{ name: 'Vaishali Ingle', relation: 'Wife', pan: 'CIPPI5521D' }],
  },
  // Buyers behind on their EMIs (Collections, issue 22): three can be mailed a reminder, Nitin Bawankar has no email.
  '98509 11846': { email: 'mahesh.thakre@example.com' },
  '98223 90715': { email: 'vijay.meshram@example.com' },
  '98816 02943': { email: 'rahul.gedam@example.com' },
};

/**
 * The demo's buyers, one per mobile of the sale plans (a buyer with two plots is one buyer), stored through the
 * buyers repository; answers the buyer id of each plan's mobile.
 */
export async function storeDemoBuyers(
  tdb: TenantDb,
  plans: readonly { buyer: string; mobile: string }[],
  userId: number,
): Promise<Map<string, number>> {
  const firstOfMobile = new Map<string, string>();
  for (const plan of plans) if (!firstOfMobile.has(plan.mobile)) firstOfMobile.set(plan.mobile, plan.buyer);
  const mobiles = [...firstOfMobile.keys()];
  const values = mobiles.map((mobile) => ({
    ...newBuyerValues(firstOfMobile.get(mobile) as string, `+91${mobile.replace(/\s/g, '')}`),
    ...DETAILS[mobile],
  }));
  const ids = await insertBuyers(tdb, values, userId);
  return new Map(mobiles.map((mobile, i) => [mobile, ids[i] as number]));
}
