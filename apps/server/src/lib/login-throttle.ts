import type { Kysely } from 'kysely';
import { platformDb } from '../db/tenancy.js';
import { AppError } from './app-error.js';

export interface ThrottleLimits {
  /** Wrong passwords from one address that cost nothing; each one after that doubles the wait. */
  freeFailures: number;
  baseDelayMs: number;
  maxDelayMs: number;
  /** Wrong passwords for one account, from all addresses together, before unknown addresses are turned away. */
  accountCeiling: number;
  /** Failures older than this are forgotten. */
  windowMs: number;
}

export const DEFAULT_THROTTLE: ThrottleLimits = {
  freeFailures: 3,
  baseDelayMs: 1000,
  maxDelayMs: 5 * 60 * 1000,
  accountCeiling: 50,
  windowMs: 15 * 60 * 1000,
};

const PRUNE_EVERY_MS = 60 * 60 * 1000;
const KEEP_KNOWN_ADDRESS_MS = 180 * 24 * 60 * 60 * 1000;

/** "2 seconds", "1 minute": the wait in words a person reads. */
function waitInWords(ms: number): string {
  const seconds = Math.max(1, Math.ceil(ms / 1000));
  if (seconds < 120) return `${seconds} second${seconds === 1 ? '' : 's'}`;
  const minutes = Math.ceil(seconds / 60);
  return `${minutes} minutes`;
}

const tooMany = (waitMs: number) =>
  new AppError(
    'RATE_LIMITED',
    `Too many failed sign-in attempts. Please wait ${waitInWords(waitMs)} before trying again.`,
  );

/**
 * Throttles failed sign-ins with counters in the platform schema, so every server behind a load balancer shares
 * them. Per (account, client address): after a few wrong passwords each further attempt waits 1 s, 2 s, 4 s …
 * (capped). Per account: a looser ceiling over all addresses, which an address that has signed in to the account
 * before (a known address) passes, so a crowd of guessers cannot lock the owner out.
 * Only `failed` counts, and callers call it only for a verified wrong password: an error on the way (a database
 * outage) counts nothing. `account` is the email scoped by company.
 */
export class LoginThrottle {
  #lastPrune = 0;
  constructor(
    private readonly db: Kysely<unknown>,
    private readonly limits: ThrottleLimits = DEFAULT_THROTTLE,
    private readonly clock: () => number = Date.now,
  ) {}

  #delay(failures: number): number {
    if (failures < this.limits.freeFailures) return 0;
    return Math.min(this.limits.baseDelayMs * 2 ** (failures - this.limits.freeFailures), this.limits.maxDelayMs);
  }

  /**
   * Refuses (429) an attempt that comes too soon, and else claims it: while a delay applies, the next allowed
   * time is moved on at once, so attempts sent together cannot all pass while their passwords are checked.
   */
  async begin(account: string, address: string): Promise<{ ceiling: AppError | null }> {
    const pdb = platformDb(this.db);
    const now = this.clock();
    const row = await pdb
      .selectFrom('login_attempts')
      .selectAll()
      .where('account', '=', account)
      .where('address', '=', address)
      .executeTakeFirst();
    const recent = row?.last_failure_at && row.last_failure_at.getTime() > now - this.limits.windowMs;
    const delay = recent ? this.#delay(row.failures) : 0;
    if (row && delay > 0) {
      if (row.next_attempt_at && row.next_attempt_at.getTime() > now)
        throw tooMany(row.next_attempt_at.getTime() - now);
      const claimed = await pdb
        .updateTable('login_attempts')
        .set({ next_attempt_at: new Date(now + delay) })
        .where('account', '=', account)
        .where('address', '=', address)
        .where((eb) => eb.or([eb('next_attempt_at', 'is', null), eb('next_attempt_at', '<=', new Date(now))]))
        .returning('account')
        .executeTakeFirst();
      if (!claimed) throw tooMany(delay);
    }
    if (row?.succeeded_at) return { ceiling: null };
    const total = await pdb
      .selectFrom('login_account_failures')
      .selectAll()
      .where('account', '=', account)
      .executeTakeFirst();
    const windowEnds = total ? total.window_started_at.getTime() + this.limits.windowMs : 0;
    if (total && windowEnds > now && total.failures >= this.limits.accountCeiling) {
      // Not thrown here: sign-in still admits the mailed temporary password (see auth.service signIn).
      return {
        ceiling: new AppError(
          'RATE_LIMITED',
          `Too many failed sign-in attempts for this account. Please wait ${waitInWords(windowEnds - now)}, or sign in from a device you have used before.`,
        ),
      };
    }
    return { ceiling: null };
  }

  /** A verified wrong password (or an unknown account) from this address. */
  async failed(account: string, address: string): Promise<void> {
    const pdb = platformDb(this.db);
    const now = this.clock();
    const at = new Date(now);
    const cutoff = new Date(now - this.limits.windowMs);
    const row = await pdb
      .insertInto('login_attempts')
      .values({ account, address, failures: 1, last_failure_at: at })
      .onConflict((oc) =>
        oc.columns(['account', 'address']).doUpdateSet((eb) => ({
          failures: eb
            .case()
            .when('login_attempts.last_failure_at', '>', cutoff)
            .then(eb('login_attempts.failures', '+', 1))
            .else(1)
            .end(),
          last_failure_at: at,
        })),
      )
      .returning('failures')
      .executeTakeFirstOrThrow();
    const delay = this.#delay(row.failures);
    await pdb
      .updateTable('login_attempts')
      .set({ next_attempt_at: delay > 0 ? new Date(now + delay) : null })
      .where('account', '=', account)
      .where('address', '=', address)
      .execute();
    await pdb
      .insertInto('login_account_failures')
      .values({ account, failures: 1, window_started_at: at })
      .onConflict((oc) =>
        oc.column('account').doUpdateSet((eb) => {
          const open = eb('login_account_failures.window_started_at', '>', cutoff);
          return {
            failures: eb
              .case()
              .when(open)
              .then(eb('login_account_failures.failures', '+', 1))
              .else(1)
              .end(),
            window_started_at: eb
              .case()
              .when(open)
              .then(eb.ref('login_account_failures.window_started_at'))
              .else(at)
              .end(),
          };
        }),
      )
      .execute();
    if (now - this.#lastPrune > PRUNE_EVERY_MS) await this.#prune(now);
  }

  /** A right password: this address starts afresh and is known for the account from now on. */
  async succeeded(account: string, address: string): Promise<void> {
    const at = new Date(this.clock());
    await platformDb(this.db)
      .insertInto('login_attempts')
      .values({ account, address, failures: 0, succeeded_at: at })
      .onConflict((oc) =>
        oc
          .columns(['account', 'address'])
          .doUpdateSet({ failures: 0, last_failure_at: null, next_attempt_at: null, succeeded_at: at }),
      )
      .execute();
  }

  /** Forgets old failures, and addresses that have not signed in for half a year. */
  async #prune(now: number) {
    this.#lastPrune = now;
    const pdb = platformDb(this.db);
    const cutoff = new Date(now - Math.max(this.limits.windowMs, this.limits.maxDelayMs));
    await pdb
      .deleteFrom('login_attempts')
      .where('last_failure_at', '<', cutoff)
      .where((eb) =>
        eb.or([eb('succeeded_at', 'is', null), eb('succeeded_at', '<', new Date(now - KEEP_KNOWN_ADDRESS_MS))]),
      )
      .execute();
    await pdb.deleteFrom('login_account_failures').where('window_started_at', '<', cutoff).execute();
  }
}
