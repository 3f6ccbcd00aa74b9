/**
 * A trigger as re-runnable statements (the functions step runs again whenever the functions change): drop it if it
 * exists, create it. `event` is e.g. `after insert or delete`, `rest` what follows `on <table>`.
 */
export function trigger(s: string, name: string, event: string, table: string, rest: string): string[] {
  return [
    `drop trigger if exists ${name} on ${s}.${table}`,
    `create trigger ${name} ${event} on ${s}.${table} ${rest}`,
  ];
}

/**
 * The three statement-level triggers that keep a total from the rows a statement inserted, updated or deleted:
 * `<prefix>_insert` (new rows), `<prefix>_update` (old and new rows), `<prefix>_delete` (old rows), all calling `fn`.
 */
export function statementTriggers(s: string, prefix: string, table: string, fn: string): string[] {
  const call = `for each statement execute function ${s}.${fn}()`;
  return [
    ...trigger(s, `${prefix}_insert`, 'after insert', table, `referencing new table as new_rows ${call}`),
    ...trigger(
      s,
      `${prefix}_update`,
      'after update',
      table,
      `referencing old table as old_rows new table as new_rows ${call}`,
    ),
    ...trigger(s, `${prefix}_delete`, 'after delete', table, `referencing old table as old_rows ${call}`),
  ];
}
