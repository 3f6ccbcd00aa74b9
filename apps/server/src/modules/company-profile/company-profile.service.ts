import {
  type CompanyProfileAnswer,
  LOGO_MESSAGE,
  logoTypeOf,
  MAX_LOGO_BYTES,
  type UpdateCompanyProfile,
} from '@plotbook/domain';
import type { TenantDb } from '../../db/tenancy.js';
import { badRequest, notFound } from '../../lib/app-error.js';
import { changedFields, recordChange } from '../../lib/audit.js';
import { type ProfileRow, profileColumns, readLogo, readProfile, updateProfile } from './company-profile.repository.js';

/** The letterhead: the profile, its name the company's own (`acme`) until one is set. */
export async function getCompanyProfile(tdb: TenantDb, companyId: string): Promise<CompanyProfileAnswer> {
  return answerOf(await readProfile(tdb), companyId);
}

const answerOf = (p: ProfileRow, companyId: string): CompanyProfileAnswer => ({
  companyName: p.companyName ?? companyId,
  address: p.address,
  gstin: p.gstin,
  pan: p.pan,
  reraNo: p.reraNo,
  receiptPrefix: p.receiptPrefix,
  logoType: p.logoMime,
});

/** The logo's bytes, checked by their first bytes (PNG or JPEG), or a 400 naming the field. */
function logoOf(base64: string | null | undefined) {
  if (base64 === undefined || base64 === null) return base64;
  const bytes = Buffer.from(base64.replace(/^data:[^,]*,/, ''), 'base64');
  const mime = logoTypeOf(bytes);
  if (!mime || bytes.length > MAX_LOGO_BYTES) throw badRequest(LOGO_MESSAGE, { logo: LOGO_MESSAGE });
  return { bytes, mime };
}

/**
 * A tenant admin sets the letterhead and the receipt prefix (new numbers carry it; a number given stays as it
 * was). One trail row (entity 'settings', action 'update') with the changed fields; the logo as its type.
 */
export async function saveCompanyProfile(
  tdb: TenantDb,
  input: UpdateCompanyProfile,
  userId: number,
  companyId: string,
): Promise<CompanyProfileAnswer> {
  const logo = logoOf(input.logo);
  const before = await readProfile(tdb, { lock: true });
  const after: ProfileRow = {
    companyName: input.companyName,
    address: input.address,
    gstin: input.gstin,
    pan: input.pan,
    reraNo: input.reraNo,
    receiptPrefix: input.receiptPrefix,
    logoMime: logo === undefined ? before.logoMime : (logo?.mime ?? null),
  };
  const changes = changedFields(profileColumns(before), profileColumns(after));
  if (logo) changes.logo = [before.logoMime ? 'replaced' : null, `${logo.bytes.length} bytes`];
  if (Object.keys(changes).length > 0) {
    await updateProfile(tdb, after, logo, userId);
    recordChange(tdb, { entity: 'settings', entityId: null, action: 'update', changes });
  }
  return answerOf(after, companyId);
}

export async function getCompanyLogo(tdb: TenantDb) {
  const logo = await readLogo(tdb);
  if (!logo) throw notFound('The company has no logo.');
  return logo;
}

/** What the documents print at the top: the profile and the logo's bytes. */
export async function getLetterhead(tdb: TenantDb, companyId: string) {
  const [profile, logo] = await Promise.all([getCompanyProfile(tdb, companyId), readLogo(tdb)]);
  return {
    companyName: profile.companyName,
    address: profile.address,
    gstin: profile.gstin,
    pan: profile.pan,
    reraNo: profile.reraNo,
    logo: logo?.bytes ?? null,
  };
}
