import { financialYearOf, RECEIPT_NO_MAX, receiptNumberText } from '@plotbook/domain';
import { sql } from 'kysely';
import type { TenantDb } from '../../db/tenancy.js';
import { conflict } from '../../lib/app-error.js';

/** What a number is given to: a receipt becoming Completed, or a reversal of one (its own number, same series). */
export type NumberedEvent = 'receipt' | 'reversal';

export interface ToNumber {
  receiptId: number;
  /** The day (India's) the receipt became Completed or was reversed, `YYYY-MM-DD`: its financial year's series. */
  day: string;
}

/**
 * Takes `count` consecutive numbers of a financial year's series from its counter row, in the caller's
 * transaction: the row stays locked until it ends, so concurrent receipts take turns and a rolled-back receipt
 * gives its number back. The prefix is the company's at the time of numbering.
 */
async function takeNumbers(tdb: TenantDb, fyStart: number, count: number): Promise<{ first: number; prefix: string }> {
  const { rows } = await sql<{ first: number; prefix: string | null }>`
    insert into receipt_series as s (fy_start, next_no) values (${fyStart}::int, ${count + 1}::int)
    on conflict (fy_start) do update set next_no = s.next_no + ${count}::int
    returning s.next_no - ${count}::int as first, (select receipt_prefix from company_profile) as prefix`.execute(tdb);
  const row = rows[0] as { first: number; prefix: string | null };
  return { first: Number(row.first), prefix: row.prefix ?? 'RCT' };
}

const SET_COLUMN = {
  receipt: (tdb: TenantDb, ids: number[], numbers: string[]) =>
    sql`update receipts set receipt_no = v.no from unnest(${ids}::int[], ${numbers}::text[]) as v(id, no)
      where receipts.id = v.id`.execute(tdb),
  reversal: (tdb: TenantDb, ids: number[], numbers: string[]) =>
    sql`update receipts set reversal_no = v.no from unnest(${ids}::int[], ${numbers}::text[]) as v(id, no)
      where receipts.id = v.id`.execute(tdb),
};

/**
 * Gives receipts (or their reversals) their numbers: per financial year of each one's day, in the order of the
 * days and then of `items`. The one writer of `receipt_series` and of `receipts.receipt_no`/`reversal_no`.
 * Answers the numbers by receipt id.
 */
export async function numberReceipts(
  tdb: TenantDb,
  event: NumberedEvent,
  items: readonly ToNumber[],
): Promise<Map<number, string>> {
  const byYear = new Map<number, ToNumber[]>();
  const ordered = items.map((item, index) => ({ item, index }));
  ordered.sort((a, b) => (a.item.day === b.item.day ? a.index - b.index : a.item.day < b.item.day ? -1 : 1));
  for (const { item } of ordered) {
    const fy = financialYearOf(item.day).start;
    byYear.set(fy, [...(byYear.get(fy) ?? []), item]);
  }
  const numbers = new Map<number, string>();
  for (const [fy, list] of [...byYear.entries()].sort(([a], [b]) => a - b)) {
    const { first, prefix } = await takeNumbers(tdb, fy, list.length);
    const texts = list.map((_, i) => receiptNumberText(prefix, fy, first + i));
    if (texts.some((text) => text.length > RECEIPT_NO_MAX)) {
      throw conflict(
        `The receipt series ${prefix}/${financialYearOf(`${fy}-04-01`).label} is full: choose a shorter receipt prefix in Company Profile.`,
      );
    }
    await SET_COLUMN[event](
      tdb,
      list.map((item) => item.receiptId),
      texts,
    );
    for (const [i, item] of list.entries()) numbers.set(item.receiptId, texts[i] as string);
  }
  return numbers;
}

/** Gives one receipt (or its reversal) its number; answers it. */
export async function numberReceipt(
  tdb: TenantDb,
  event: NumberedEvent,
  receiptId: number,
  day: string,
): Promise<string> {
  const numbers = await numberReceipts(tdb, event, [{ receiptId, day }]);
  return numbers.get(receiptId) as string;
}
