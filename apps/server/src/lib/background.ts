import type { FastifyBaseLogger } from 'fastify';

/**
 * Work a request starts but does not wait for: its answer must not depend on how long the work takes (whether a
 * mail went out tells a stranger that the account exists). An error is logged, never the request's; closing the
 * app waits for what is still running.
 */
export class BackgroundTasks {
  readonly #running = new Set<Promise<void>>();
  constructor(private readonly log: FastifyBaseLogger) {}

  run(name: string, task: () => Promise<unknown>): void {
    const done: Promise<void> = Promise.resolve()
      .then(task)
      .then(
        () => undefined,
        (error: unknown) => this.log.error({ err: error, task: name }, 'background task failed'),
      )
      .finally(() => this.#running.delete(done));
    this.#running.add(done);
  }

  /** Waits for every task started so far (and those they start). */
  async drain(): Promise<void> {
    while (this.#running.size > 0) await Promise.all([...this.#running]);
  }
}
