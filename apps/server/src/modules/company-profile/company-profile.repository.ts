import type { LOGO_MIME_TYPES } from '@plotbook/domain';
import type { TenantDb } from '../../db/tenancy.js';

/** The company's letterhead and receipt prefix as stored (one row, made by 0036_receipt_numbers). */
export interface ProfileRow {
  companyName: string | null;
  address: string | null;
  gstin: string | null;
  pan: string | null;
  reraNo: string | null;
  receiptPrefix: string;
  logoMime: (typeof LOGO_MIME_TYPES)[number] | null;
}

const COLUMNS = ['company_name', 'address', 'gstin', 'pan', 'rera_no', 'receipt_prefix', 'logo_mime'] as const;

/** The profile row; `lock` holds it for an update. */
export async function readProfile(tdb: TenantDb, options: { lock?: boolean } = {}): Promise<ProfileRow> {
  let query = tdb.selectFrom('company_profile').select(COLUMNS);
  if (options.lock) query = query.forUpdate();
  const row = await query.executeTakeFirst();
  return {
    companyName: row?.company_name ?? null,
    address: row?.address ?? null,
    gstin: row?.gstin ?? null,
    pan: row?.pan ?? null,
    reraNo: row?.rera_no ?? null,
    receiptPrefix: row?.receipt_prefix ?? 'RCT',
    logoMime: row?.logo_mime ?? null,
  };
}

/** The logo's bytes and type, or undefined when there is none. */
export async function readLogo(
  tdb: TenantDb,
): Promise<{ bytes: Buffer; mime: (typeof LOGO_MIME_TYPES)[number] } | undefined> {
  const row = await tdb.selectFrom('company_profile').select(['logo', 'logo_mime']).executeTakeFirst();
  return row?.logo && row.logo_mime ? { bytes: Buffer.from(row.logo), mime: row.logo_mime } : undefined;
}

/** The stored columns of a profile (the trail records the changed ones; the logo as its type). */
export const profileColumns = (p: ProfileRow) => ({
  company_name: p.companyName,
  address: p.address,
  gstin: p.gstin,
  pan: p.pan,
  rera_no: p.reraNo,
  receipt_prefix: p.receiptPrefix,
  logo_mime: p.logoMime,
});

/** Writes the profile; `logo` undefined keeps the stored one, null removes it. */
export async function updateProfile(
  tdb: TenantDb,
  profile: Omit<ProfileRow, 'logoMime'>,
  logo: { bytes: Buffer; mime: (typeof LOGO_MIME_TYPES)[number] } | null | undefined,
  userId: number,
): Promise<void> {
  await tdb
    .updateTable('company_profile')
    .set({
      company_name: profile.companyName,
      address: profile.address,
      gstin: profile.gstin,
      pan: profile.pan,
      rera_no: profile.reraNo,
      receipt_prefix: profile.receiptPrefix,
      ...(logo === undefined ? {} : { logo: logo?.bytes ?? null, logo_mime: logo?.mime ?? null }),
      updated_at: new Date(),
      updated_by: userId,
    })
    .where('id', '=', true)
    .execute();
}
