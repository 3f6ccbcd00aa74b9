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
