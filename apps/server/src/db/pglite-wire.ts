import type { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import pgUtils from 'pg/lib/utils.js';
import { type DatabaseError, serialize } from 'pg-protocol';
import type {
  BackendMessage,
  CommandCompleteMessage,
  DataRowMessage,
  RowDescriptionMessage,
} from 'pg-protocol/dist/messages.js';
import { Parser } from 'pg-protocol/dist/parser.js';

/**
 * One statement on PGlite as node-postgres runs it on PostgreSQL: the whole extended-protocol exchange (parse, bind,
 * describe, execute, sync) in one message and one call into PGlite, the answer read by node-postgres's own parser,
 * values sent with its `prepareValue` and read with the same type parsers as the PostgreSQL pool. PGlite's own
 * query() makes six calls into PostgreSQL per statement and decodes the answer field by field; on the bench's
 * lists that decoding was about a fifth of the server's CPU (cpu-prof of `npm run bench -- --engine pglite`).
 * A statement without parameters goes as a simple query, so several may share one message (BEGIN with its role
 * switch); its last statement's rows are returned.
 */
export function runOnPGlite(
  pglite: PGlite,
  sql: string,
  parameters: readonly unknown[],
  typeParsers: Record<number, (value: string) => unknown>,
  statements?: PGliteStatements,
): Promise<{ rows: Record<string, unknown>[]; affectedRows?: number }> {
  const prepared = parameters.length === 0 ? undefined : statements?.get(sql);
  const message =
    parameters.length === 0
      ? serialize.query(sql)
      : Buffer.concat([
          ...(prepared?.parsed ? [] : [serialize.parse({ name: prepared?.name ?? '', text: sql })]),
          serialize.bind({
            statement: prepared?.name ?? '',
            values: [...parameters],
            valueMapper: pgUtils.prepareValue,
          }),
          serialize.describe({ type: 'P' }),
          serialize.execute({}),
          serialize.sync(),
        ]);
  // execProtocolRawStream, not execProtocolRaw: the latter also parses the whole answer with PGlite's own parser
  // (a copy of every field) and keeps every parsed message for good (it is cleared only by execProtocol), so each
  // answer cost it as much again and the heap grew with every row ever read (a 1,000-row answer: 3.5 → 0.6 ms, and
  // +83 MB of heap kept per 300 such answers).
  const chunks: Uint8Array[] = [];
  return pglite.execProtocolRawStream(message, { onRawData: (data) => chunks.push(data.slice()) }).then(() => {
    const answer = readAnswer(chunks.length === 1 ? (chunks[0] as Uint8Array) : Buffer.concat(chunks), typeParsers);
    if (prepared && !prepared.parsed && answer.parsed) statements?.parsed(sql);
    if (answer.error) {
      // A statement prepared before a migration changed its table's columns cannot run again ("cached plan must
      // not change result type"): the next call prepares the text afresh under a new name.
      if (prepared && answer.error.code === '0A000') statements?.forget(sql);
      throw answer.error;
    }
    return { rows: answer.rows, affectedRows: answer.affectedRows };
  });
}

/**
 * The statements prepared on one PGlite (its one session): a query text is parsed and planned once and afterwards
 * only bound and run, as the PostgreSQL pool does (db/engine.ts statementName); PGlite otherwise parsed, analysed
 * and planned every statement again, most of what the bench's report queries cost it. `nameOf` gives a text's
 * name, or undefined for one that is not to be kept.
 */
export class PGliteStatements {
  readonly #names = new Map<string, { name: string; parsed: boolean }>();
  #renamed = 0;
  constructor(private readonly nameOf: (text: string) => string | undefined) {}

  get(text: string): { name: string; parsed: boolean } | undefined {
    const known = this.#names.get(text);
    if (known) return known;
    const name = this.nameOf(text);
    if (name === undefined) return undefined;
    const entry = { name, parsed: false };
    this.#names.set(text, entry);
    return entry;
  }

  parsed(text: string): void {
    const entry = this.#names.get(text);
    if (entry) entry.parsed = true;
  }

  forget(text: string): void {
    const entry = this.#names.get(text);
    if (!entry) return;
    this.#renamed += 1;
    this.#names.set(text, { name: `${entry.name}_${this.#renamed.toString(36)}`, parsed: false });
  }
}

type Parse = (value: string) => unknown;

function readAnswer(answer: Uint8Array, typeParsers: Record<number, Parse>) {
  let rows: Record<string, unknown>[] = [];
  let current: Record<string, unknown>[] = [];
  let affectedRows: number | undefined;
  let names: string[] = [];
  let parsers: Parse[] = [];
  let error: DatabaseError | undefined;
  let parsed = false;
  new Parser().parse(Buffer.from(answer.buffer, answer.byteOffset, answer.byteLength), (message: BackendMessage) => {
    switch (message.name) {
      case 'rowDescription': {
        const { fields } = message as RowDescriptionMessage;
        names = fields.map((field) => field.name);
        parsers = fields.map(
          (field) => typeParsers[field.dataTypeID] ?? (pg.types.getTypeParser(field.dataTypeID, 'text') as Parse),
        );
        current = [];
        break;
      }
      case 'dataRow': {
        const { fields } = message as DataRowMessage;
        const row: Record<string, unknown> = {};
        for (let i = 0; i < fields.length; i++) {
          const value = fields[i];
          row[names[i] as string] = value === null || value === undefined ? null : (parsers[i] as Parse)(value);
        }
        current.push(row);
        break;
      }
      case 'commandComplete': {
        // "INSERT 0 5", "UPDATE 3", "SELECT 20": the last number is the count.
        const count = /(\d+)$/.exec((message as CommandCompleteMessage).text);
        affectedRows = count ? Number(count[1]) : undefined;
        rows = current;
        current = [];
        break;
      }
      case 'emptyQuery':
        rows = [];
        break;
      case 'parseComplete':
        parsed = true;
        break;
      case 'error':
        error ??= message as DatabaseError;
        break;
    }
  });
  return { rows, affectedRows, parsed, error };
}
