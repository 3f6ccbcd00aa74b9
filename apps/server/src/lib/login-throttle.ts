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

  assertAllowed(ip: string, email: string, now = Date.now()): void {
    for (const [key, limit] of [
      [`ip:${ip}`, this.limits.perIp],
      [`email:${email}`, this.limits.perEmail],
    ] as const) {
      const window = this.#windows.get(key);
      if (window && window.resetAt > now && window.failures >= limit) {
        const minutes = Math.ceil((window.resetAt - now) / 60000);
        throw new AppError(
          'RATE_LIMITED',
          `Too many failed sign-in attempts. Try again in ${minutes} minute${minutes === 1 ? '' : 's'}.`,
        );
      }
    }
  }

  recordFailure(ip: string, email: string, now = Date.now()): void {
    for (const key of [`ip:${ip}`, `email:${email}`]) {
      const window = this.#windows.get(key);
      if (!window || window.resetAt <= now)
        this.#windows.set(key, { failures: 1, resetAt: now + this.limits.windowMs });
      else window.failures += 1;
    }
    if (this.#windows.size > 100_000) this.#prune(now);
  }

  recordSuccess(email: string): void {
    this.#windows.delete(`email:${email}`);
  }

  #prune(now: number) {
    for (const [key, window] of this.#windows) if (window.resetAt <= now) this.#windows.delete(key);
  }
}
