/** node-postgres's value conversion for parameters (no types of its own in @types/pg); see db/pglite-wire.ts. */
declare module 'pg/lib/utils.js' {
  const utils: { prepareValue(value: unknown): unknown };
  export default utils;
}
