/**
 * The one place where column values are converted for both engines:
 * int8 (money in paise, counts) and numeric (areas, sums) become JS numbers — paise stay far below 2^53 —
 * and `date` stays the `YYYY-MM-DD` string it is stored as, never a time-zone-shifted Date. A `*_paise` column's
 * number is typed Paise by the row types (db/types.ts): the one place the brand is asserted for what the driver reads.
 */
const INT8 = 20;
const NUMERIC = 1700;
const DATE = 1082;
const toNumber = (value: string) => Number(value);
const keepString = (value: string) => value;
export const typeParsers: Record<number, (value: string) => unknown> = {
  [INT8]: toNumber,
  [NUMERIC]: toNumber,
  [DATE]: keepString,
};
