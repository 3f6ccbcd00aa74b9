import { type Kysely, sql } from 'kysely';
import { platformDb } from '../db/tenancy.js';
import { hashToken, linkToken } from './tokens.js';

/** How long a mailed sign-in link works. */
export const LOGIN_LINK_LIFETIME_MS = 15 * 60 * 1000;
/** At most one link per account in this time, however often its owner (or anyone with the password) tries. */
const RESEND_AFTER_MS = 10 * 60 * 1000;
const KEEP_USED_MS = 24 * 60 * 60 * 1000;

/**
 * One-time sign-in links for an account over its ceiling (see LoginThrottle): mailed to the owner who gave the
 * right password from a new address; opening one makes that address known to the account. Only the token's hash
 * is stored; a link works once and for 15 minutes.
 */
export class LoginLinks {
  constructor(
    private readonly db: Kysely<unknown>,
    private readonly clock: () => number,
  ) {}

  /** A new link's token for (account, address), or null when the account was sent one a short while ago. */
  async issue(account: string, address: string): Promise<string | null> {
    const pdb = platformDb(this.db);
    const now = this.clock();
    await pdb
      .deleteFrom('login_links')
      .where('expires_at', '<', new Date(now - KEEP_USED_MS))
      .execute();
    const recent = await pdb
      .selectFrom('login_links')
      .select('id')
      .where('account', '=', account)
      .where('created_at', '>', new Date(now - RESEND_AFTER_MS))
      .executeTakeFirst();
    if (recent) return null;
    const token = linkToken();
    await pdb
      .insertInto('login_links')
      .values({
        account,
        address,
        token_hash: hashToken(token),
        expires_at: new Date(now + LOGIN_LINK_LIFETIME_MS),
        created_at: new Date(now),
      })
      .execute();
    return token;
  }

  /**
   * Uses up an unexpired, unused link of an account whose key starts with `scope` (the host's company: a link
   * opened on another company's address does nothing); its account and the address that asked for it, or null.
   */
  async redeem(token: string, scope: string): Promise<{ account: string; address: string } | null> {
    const now = new Date(this.clock());
    const row = await platformDb(this.db)
      .updateTable('login_links')
      .set({ used_at: now })
      .where('token_hash', '=', hashToken(token))
      .where('used_at', 'is', null)
      .where('expires_at', '>', now)
      .where(sql<boolean>`starts_with(account, ${scope})`)
      .returning(['account', 'address'])
      .executeTakeFirst();
    return row ?? null;
  }
}
