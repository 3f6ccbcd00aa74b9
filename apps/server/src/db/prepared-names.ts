/**
 * The prepared statement name of a query text: the same text gets the same name on every connection. A
 * statement is parsed and planned once per connection and then only bound and run: on the bench's list and
 * report queries, planning was up to a third of their time on PostgreSQL. Texts are few (one per query shape in
 * the code, one per company schema); past MAX_PREPARED_TEXTS (a shape with a variable-length list, say) new texts
 * run unnamed, so neither this map nor any connection's statements grow without bound.
 */
const preparedNames = new Map<string, string>();
const MAX_PREPARED_TEXTS = 1000;
/** Queries, not the transaction's own statements or several statements in one text (the BEGIN prelude). */
const PREPARABLE = /^\s*(select|insert|update|delete|with)\b[^;]*$/i;
/**
 * A text whose length follows its input: several rows of `values`, or an `in` list of parameters. Each row count
 * is a text of its own, and its plan grows with it: kept, 2,000 plots saved one count at a time held 1.4 GB of plans
 * on PGlite (attack pass). Such texts run unnamed.
 */
const VARIABLE_LENGTH = /\bvalues\s*\([^()]*\)\s*,\s*\(|\bin\s*\(\s*\$\d+\s*,/i;
export function statementName(text: string): string | undefined {
  if (!PREPARABLE.test(text)) return undefined;
  const known = preparedNames.get(text);
  if (known !== undefined || preparedNames.size >= MAX_PREPARED_TEXTS || VARIABLE_LENGTH.test(text)) return known;
  const name = `pb${preparedNames.size.toString(36)}`;
  preparedNames.set(text, name);
  return name;
}
