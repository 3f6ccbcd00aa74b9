import { Worker } from 'node:worker_threads';

/** What the driver needs of PGlite: the raw protocol exchange (see pglite-wire.ts), readiness and closing. */
export interface PGliteEngine {
  readonly waitReady: Promise<void>;
  readonly closed: boolean;
  execProtocolRaw(message: Uint8Array): Promise<Uint8Array>;
  close(): Promise<void>;
}

/**
 * The worker's code, run as a script (`eval`), so the bundled server needs no second file: it boots PGlite and
 * answers each protocol message in the order received. PGlite is imported by the URL the main thread resolved.
 */
const WORKER_SOURCE = `
const { parentPort, workerData } = require('node:worker_threads');
let queue = Promise.resolve();
import(workerData.pglite).then(async ({ PGlite }) => {
  const db = new PGlite(workerData.dataDir ? { dataDir: workerData.dataDir } : {});
  await db.waitReady;
  parentPort.postMessage({ ready: true });
  parentPort.on('message', ({ id, message, close }) => {
    queue = queue.then(async () => {
      try {
        if (close) {
          await db.close();
          parentPort.postMessage({ id, answer: null });
          return;
        }
        const answer = (await db.execProtocolRaw(message)).slice();
        parentPort.postMessage({ id, answer }, [answer.buffer]);
      } catch (error) {
        parentPort.postMessage({ id, error: String((error && error.message) || error) });
      }
    });
  });
}).catch((error) => parentPort.postMessage({ failed: String((error && error.stack) || error) }));
`;

/**
 * PGlite on a thread of its own. PostgreSQL's work (WebAssembly) then runs beside the server's own (routes, JSON)
 * on a second core instead of taking turns with it on one, and a long query no longer stops the event loop: health
 * checks and waiting requests are still answered while it runs. Each statement is one message each way (its bytes
 * are moved, not copied, on the way back). The driver still sends one statement at a time (SerializedDriver).
 */
export class PGliteInWorker implements PGliteEngine {
  readonly waitReady: Promise<void>;
  #closed = false;
  #next = 0;
  readonly #pending = new Map<number, { resolve: (answer: Uint8Array | null) => void; reject: (e: Error) => void }>();
  readonly #worker: Worker;

  constructor(dataDir: string | undefined) {
    this.#worker = new Worker(WORKER_SOURCE, {
      eval: true,
      workerData: { pglite: import.meta.resolve('@electric-sql/pglite'), dataDir },
    });
    this.waitReady = new Promise<void>((resolve, reject) => {
      const fail = (error: Error) => {
        this.#closed = true;
        reject(error);
        for (const waiting of this.#pending.values()) waiting.reject(error);
        this.#pending.clear();
      };
      this.#worker.on('message', (reply: WorkerReply) => {
        if ('ready' in reply) return resolve();
        if ('failed' in reply) return fail(new Error(`The embedded database did not start: ${reply.failed}`));
        const waiting = this.#pending.get(reply.id);
        this.#pending.delete(reply.id);
        if ('error' in reply) waiting?.reject(new Error(reply.error));
        else waiting?.resolve(reply.answer);
      });
      this.#worker.on('error', fail);
      this.#worker.on('exit', (code) => fail(new Error(`The embedded database's thread stopped (exit ${code}).`)));
    });
    // Awaited by the driver's init; marked handled here so a failed start is reported there, not as unhandled.
    this.waitReady.catch(() => {});
  }

  get closed() {
    return this.#closed;
  }

  execProtocolRaw(message: Uint8Array): Promise<Uint8Array> {
    return this.#send({ message }).then((answer) => answer ?? new Uint8Array());
  }

  async close() {
    if (this.#closed) return;
    await this.#send({ close: true }).catch(() => {});
    this.#closed = true;
    await this.#worker.terminate();
  }

  #send(body: { message: Uint8Array } | { close: true }): Promise<Uint8Array | null> {
    if (this.#closed) return Promise.reject(new Error('The embedded database is closed.'));
    const id = this.#next++;
    return new Promise((resolve, reject) => {
      this.#pending.set(id, { resolve, reject });
      this.#worker.postMessage({ id, ...body });
    });
  }
}

type WorkerReply =
  | { ready: true }
  | { failed: string }
  | { id: number; answer: Uint8Array | null }
  | { id: number; error: string };
