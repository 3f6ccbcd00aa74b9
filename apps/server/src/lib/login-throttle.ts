import { AppError } from './app-error.js';

interface Window {
  failures: number;
  resetAt: number;
}

export interface ThrottleLimits {
  perEmail: number;
  perIp: number;
  windowMs: number;
}

export const DEFAULT_THROTTLE: ThrottleLimits = { perEmail: 5, perIp: 30, windowMs: 15 * 60 * 1000 };

/**
 * Counts failed sign-ins per email and per IP in a sliding window kept in memory. Behind a load balancer each
 * node counts on its own, which still caps guessing at nodes × limit per window.
 */
export class LoginThrottle {
  readonly #windows = new Map<string, Window>();
  constructor(private readonly limits: ThrottleLimits = DEFAULT_THROTTLE) {}

  /**
   * Checks the limits and counts this attempt at once, before any await: attempts sent together cannot all
   * pass the check while the password checks are still running. `succeeded` takes the attempt back.
   * `account` is the email scoped by company, so a lock-out on one company does not lock the same email on another.
   */
  begin(ip: string, account: string, now = Date.now()): void {
    const keys = [
      [`ip:${ip}`, this.limits.perIp],
      [`account:${account}`, this.limits.perEmail],
    ] as const;
    for (const [key, limit] of keys) {
      const window = this.#windows.get(key);
      if (window && window.resetAt > now && window.failures >= limit) {
        const minutes = Math.ceil((window.resetAt - now) / 60000);
        throw new AppError(
          'RATE_LIMITED',
          `Too many failed sign-in attempts. Try again in ${minutes} minute${minutes === 1 ? '' : 's'}.`,
        );
      }
    }
    for (const [key] of keys) {
      const window = this.#windows.get(key);
      if (!window || window.resetAt <= now)
        this.#windows.set(key, { failures: 1, resetAt: now + this.limits.windowMs });
      else window.failures += 1;
    }
    if (this.#windows.size > 100_000) this.#prune(now);
  }

  /** A right password: the account starts afresh and the attempt no longer counts against the IP. */
  succeeded(ip: string, account: string): void {
    this.#windows.delete(`account:${account}`);
    const window = this.#windows.get(`ip:${ip}`);
    if (window && window.failures > 0) window.failures -= 1;
  }

  #prune(now: number) {
    for (const [key, window] of this.#windows) if (window.resetAt <= now) this.#windows.delete(key);
  }
}
