/** The middle of some timings: one slow request (a garbage collection, a busy machine) does not move it. */
export const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)] ?? 0;
};

/**
 * Times one call, in milliseconds: on the clock, and in CPU time of this process (every thread: the server runs
 * in the test's process, and password hashes run on its worker threads). On a machine shared with other work the
 * clock mostly measures the others; the CPU time is what the call itself cost.
 */
export async function timed<T>(call: () => Promise<T>): Promise<{ ms: number; cpuMs: number; result: T }> {
  const cpu = process.cpuUsage();
  const started = performance.now();
  const result = await call();
  const ms = performance.now() - started;
  const used = process.cpuUsage(cpu);
  return { ms, cpuMs: (used.user + used.system) / 1000, result };
}
