import { randomBytes } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { Config } from './config.js';
import { platformDb } from './db/tenancy.js';
import { generatePassword, hashPassword } from './lib/passwords.js';

/** The signing secret: `JWT_SECRET`, or one generated at first start and kept in the database for every node. */
export async function resolveJwtSecret(db: Kysely<unknown>, config: Config): Promise<string> {
  if (config.JWT_SECRET) return config.JWT_SECRET;
  const pdb = platformDb(db);
  await pdb
    .insertInto('settings')
    .values({ key: 'jwt_secret', value: randomBytes(48).toString('base64url') })
    .onConflict((oc) => oc.column('key').doNothing())
    .execute();
  const row = await pdb
    .selectFrom('settings')
    .select('value')
    .where('key', '=', 'jwt_secret')
    .executeTakeFirstOrThrow();
  return row.value;
}

/**
 * Creates the super admin on an empty platform. Returns the generated password (to be printed once) when
 * `SUPER_ADMIN_PASSWORD` is not set, or null when the admin already existed.
 */
export async function ensureSuperAdmin(
  db: Kysely<unknown>,
  config: Config,
): Promise<{ email: string; password: string | null } | null> {
  const email = config.SUPER_ADMIN_EMAIL.toLowerCase();
  const pdb = platformDb(db);
  const existing = await pdb.selectFrom('platform_admins').select('id').limit(1).executeTakeFirst();
  if (existing) return null;
  const password = config.SUPER_ADMIN_PASSWORD ?? generatePassword(16);
  await pdb
    .insertInto('platform_admins')
    .values({ email, name: 'Super Admin', password_hash: await hashPassword(password) })
    .onConflict((oc) => oc.column('email').doNothing())
    .execute();
  return { email, password: config.SUPER_ADMIN_PASSWORD ? null : password };
}
