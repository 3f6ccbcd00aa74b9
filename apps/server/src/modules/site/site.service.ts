import type { Kysely } from 'kysely';
import { pingDatabase } from './site.repository.js';

/**
 * A load balancer's probe gets its answer within 2 s even when the database does not answer at all; a late
 * `select 1` is left to the database layer's own deadlines.
 */
const HEALTH_DEADLINE_MS = 1500;

/** Whether the database answers within the health deadline. */
export async function isDatabaseUp(db: Kysely<unknown>): Promise<boolean> {
  let timer: NodeJS.Timeout | undefined;
  const deadline = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error('health check timed out')), HEALTH_DEADLINE_MS);
  });
  const probe = pingDatabase(db);
  probe.catch(() => {});
  try {
    await Promise.race([probe, deadline]);
    return true;
  } catch {
    return false;
  } finally {
    clearTimeout(timer);
  }
}
