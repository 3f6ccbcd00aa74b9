import { type DemoRequest, RESERVED_IDENTIFIERS } from '@plotbook/domain';

/** What the Create Tenant form is pre-filled with for a demo request (all editable). */
export interface TenantSuggestion {
  tenantId: string;
  dbName: string;
  dbUsername: string;
  dbPassword: string;
  initialAdminEmail: string;
  demoRequestId: string;
}

/** `Sai Developers Pvt. Ltd.` → `sai-developers-pvt-ltd`: lower-case letters, digits and single hyphens. */
export function suggestTenantId(companyName: string): string {
  let slug = companyName
    .normalize('NFKD')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '');
  if (!/^[a-z]/.test(slug)) slug = `co-${slug}`;
  slug = slug.slice(0, 36).replace(/-+$/, '');
  if (slug.length < 3 || RESERVED_IDENTIFIERS.has(slug)) slug = `${slug}-co`.replace(/^-/, '');
  return slug;
}

function randomPassword(length = 20): string {
  const alphabet = 'ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz23456789';
  const bytes = crypto.getRandomValues(new Uint8Array(length));
  return Array.from(bytes, (b) => alphabet[b % alphabet.length]).join('');
}

export function suggestTenant(request: DemoRequest): TenantSuggestion {
  const tenantId = suggestTenantId(request.companyName);
  const snake = tenantId.replace(/-/g, '_');
  // PostgreSQL keeps pg_ names for itself.
  const base = snake.startsWith('pg_') ? `co_${snake}` : snake;
  return {
    tenantId,
    dbName: base,
    dbUsername: `${base}_app`,
    dbPassword: randomPassword(),
    initialAdminEmail: request.email,
    demoRequestId: String(request.id),
  };
}
