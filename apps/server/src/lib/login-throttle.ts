import { type Kysely, sql } from 'kysely';
import { platformDb } from '../db/tenancy.js';
import { AppError } from './app-error.js';
import { LoginLinks } from './login-links.js';

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

/** A 429 whose answer carries `Retry-After` in whole seconds. */
const rateLimited = (message: string, waitMs: number) =>
  new AppError('RATE_LIMITED', message, undefined, Math.max(1, Math.ceil(waitMs / 1000)));

/** The ceiling's answer to a sign-in, which mailed the owner a link if the password was right. */
export const signInLinkCeiling = (ceiling: AppError) =>
  new AppError(
    'RATE_LIMITED',
    'Too many failed sign-in attempts for this account, so new devices are paused. If the email and password you entered are right, we have emailed a link that lets this device sign in (it works once, for 15 minutes). Or sign in from a device you have used before.',
    undefined,
    ceiling.retryAfterSeconds,
  );

const tooMany = (waitMs: number) =>
  rateLimited(`Too many failed sign-in attempts. Please wait ${waitInWords(waitMs)} before trying again.`, waitMs);

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
  /** The sign-in links that let an account's owner past its ceiling from a new address. */
  readonly links: LoginLinks;
  constructor(
    private readonly db: Kysely<unknown>,
    private readonly limits: ThrottleLimits = DEFAULT_THROTTLE,
    private readonly clock: () => number = Date.now,
  ) {
    this.links = new LoginLinks(db, clock);
  }

  #delay(failures: number): number {
    if (failures < this.limits.freeFailures) return 0;
    return Math.min(this.limits.baseDelayMs * 2 ** (failures - this.limits.freeFailures), this.limits.maxDelayMs);
  }

  /**
   * Refuses (429) an attempt that comes too soon, and else claims it before any password is checked: one
   * statement counts the attempt as a failure and moves the next allowed time on, and only where that time has
   * come. So of many guesses sent together at most the free ones pass, then one per delay; the rest are refused
   * while the first are still being checked. A right password gives the claim back (`succeeded`), and so does an
   * error on the way (`release`); a wrong one keeps it (`failed`).
   */
  async begin(account: string, address: string): Promise<{ ceiling: AppError | null }> {
    const pdb = platformDb(this.db);
    const now = this.clock();
    const at = new Date(now);
    const cutoff = new Date(now - this.limits.windowMs);
    const { freeFailures, baseDelayMs, maxDelayMs } = this.limits;
    const firstDelay = this.#delay(1);
    // The failures after this attempt: one more within the window, else a fresh count of 1.
    const recent = sql<boolean>`login_attempts.last_failure_at is not null and login_attempts.last_failure_at > ${cutoff}`;
    const claimed = await pdb
      .insertInto('login_attempts')
      .values({
        account,
        address,
        failures: 1,
        last_failure_at: at,
        next_attempt_at: firstDelay > 0 ? new Date(now + firstDelay) : null,
      })
      .onConflict((oc) =>
        oc
          .columns(['account', 'address'])
          .doUpdateSet({
            failures: sql<number>`case when ${recent} then login_attempts.failures + 1 else 1 end`,
            last_failure_at: at,
            // delay(f) = base × 2^(f − free), capped; the exponent is capped too so power() cannot overflow.
            next_attempt_at: sql<Date | null>`case
              when ${recent} and login_attempts.failures + 1 >= ${freeFailures}
                then ${at}::timestamptz + least(
                  ${baseDelayMs}::float8 * power(2::float8, least(login_attempts.failures + 1 - ${freeFailures}, 40)),
                  ${maxDelayMs}::float8
                ) * interval '1 millisecond'
              else ${firstDelay > 0 ? new Date(now + firstDelay) : null}::timestamptz end`,
          })
          .where((eb) =>
            eb.or([eb('login_attempts.next_attempt_at', 'is', null), eb('login_attempts.next_attempt_at', '<=', at)]),
          ),
      )
      .returning(['succeeded_at'])
      .executeTakeFirst();
    if (!claimed) {
      const row = await pdb
        .selectFrom('login_attempts')
        .select('next_attempt_at')
        .where('account', '=', account)
        .where('address', '=', address)
        .executeTakeFirst();
      throw tooMany(Math.max(1000, (row?.next_attempt_at?.getTime() ?? now) - now));
    }
    if (claimed.succeeded_at) return { ceiling: null };
    const total = await pdb
      .selectFrom('login_account_failures')
      .selectAll()
      .where('account', '=', account)
      .executeTakeFirst();
    const windowEnds = total ? total.window_started_at.getTime() + this.limits.windowMs : 0;
    if (total && windowEnds > now && total.failures >= this.limits.accountCeiling) {
      // Not thrown here: sign-in still admits the mailed temporary password (see auth.service signIn).
      return {
        ceiling: rateLimited(
          `Too many failed sign-in attempts for this account. Please wait ${waitInWords(windowEnds - now)}, or sign in from a device you have used before.`,
          windowEnds - now,
        ),
      };
    }
    return { ceiling: null };
  }

  /**
   * Gives back the claim of an attempt whose password was never judged (the database failed on the way): it
   * counts as no failure, and the wait it started is lifted while the count is below the free failures.
   */
  async release(account: string, address: string): Promise<void> {
    await platformDb(this.db)
      .updateTable('login_attempts')
      .set({
        failures: sql<number>`greatest(failures - 1, 0)`,
        next_attempt_at: sql<Date | null>`case when failures - 1 < ${this.limits.freeFailures} then null else next_attempt_at end`,
      })
      .where('account', '=', account)
      .where('address', '=', address)
      .execute();
  }

  /**
   * A verified wrong password (or an unknown account) from this address. `begin` already counted it for the
   * address; here it counts towards the account's ceiling over all addresses.
   */
  async failed(account: string, _address: string): Promise<void> {
    const pdb = platformDb(this.db);
    const now = this.clock();
    const at = new Date(now);
    const cutoff = new Date(now - this.limits.windowMs);
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

  /** The accounts at their ceiling now, the longest locked first: new addresses are turned away from them. */
  async locked(): Promise<{ account: string; failures: number; lockedUntil: Date }[]> {
    const now = this.clock();
    const rows = await platformDb(this.db)
      .selectFrom('login_account_failures')
      .select(['account', 'failures', 'window_started_at'])
      .where('failures', '>=', this.limits.accountCeiling)
      .where('window_started_at', '>', new Date(now - this.limits.windowMs))
      .orderBy('window_started_at')
      .orderBy('account')
      .execute();
    return rows.map((r) => ({
      account: r.account,
      failures: r.failures,
      lockedUntil: new Date(r.window_started_at.getTime() + this.limits.windowMs),
    }));
  }

  /** Lifts an account's ceiling (the per-address waits of whoever guessed stay); false when it was not locked. */
  async unlock(account: string): Promise<boolean> {
    const row = await platformDb(this.db)
      .deleteFrom('login_account_failures')
      .where('account', '=', account)
      .where('failures', '>=', this.limits.accountCeiling)
      .where('window_started_at', '>', new Date(this.clock() - this.limits.windowMs))
      .returning('account')
      .executeTakeFirst();
    return row !== undefined;
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
