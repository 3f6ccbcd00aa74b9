import type { Paise } from './money.js';

const ONES = [
  '',
  'One',
  'Two',
  'Three',
  'Four',
  'Five',
  'Six',
  'Seven',
  'Eight',
  'Nine',
  'Ten',
  'Eleven',
  'Twelve',
  'Thirteen',
  'Fourteen',
  'Fifteen',
  'Sixteen',
  'Seventeen',
  'Eighteen',
  'Nineteen',
];
const TENS = ['', '', 'Twenty', 'Thirty', 'Forty', 'Fifty', 'Sixty', 'Seventy', 'Eighty', 'Ninety'];

/** 1–99 in words. */
function belowHundred(n: number): string {
  if (n < 20) return ONES[n] as string;
  const unit = n % 10;
  return unit === 0 ? (TENS[Math.floor(n / 10)] as string) : `${TENS[Math.floor(n / 10)]} ${ONES[unit]}`;
}

/** 1–999 in words. */
function belowThousand(n: number): string {
  const hundreds = Math.floor(n / 100);
  const rest = n % 100;
  const parts = [hundreds > 0 ? `${ONES[hundreds]} Hundred` : '', rest > 0 ? belowHundred(rest) : ''];
  return parts.filter(Boolean).join(' ');
}

/**
 * A whole number in words the Indian way: thousand, lakh (1,00,000), crore (1,00,00,000); above 99 crore the
 * crores are themselves counted in words ("One Lakh Crore"). 0 → "Zero".
 */
export function indianNumberWords(n: number): string {
  if (!Number.isSafeInteger(n) || n < 0) throw new RangeError(`Not a whole number: ${n}`);
  if (n === 0) return 'Zero';
  const crore = Math.floor(n / 10_000_000);
  const lakh = Math.floor((n % 10_000_000) / 100_000);
  const thousand = Math.floor((n % 100_000) / 1000);
  const rest = n % 1000;
  const parts = [
    crore > 0 ? `${indianNumberWords(crore)} Crore` : '',
    lakh > 0 ? `${belowHundred(lakh)} Lakh` : '',
    thousand > 0 ? `${belowHundred(thousand)} Thousand` : '',
    rest > 0 ? belowThousand(rest) : '',
  ];
  return parts.filter(Boolean).join(' ');
}

/**
 * An amount in words as a receipt writes it: "Rupees One Lakh Twenty Thousand Five Hundred and Fifty Paise Only"
 * (₹ 1,20,500.50); "Rupees Zero Only"; "Rupees Zero and Fifty Paise Only".
 */
export function amountInWords(amount: Paise): string {
  if (amount < 0) return `Minus ${amountInWords(-amount as Paise)}`;
  const rupees = Math.floor(amount / 100);
  const paise = amount % 100;
  const paisePart = paise > 0 ? ` and ${belowHundred(paise)} Paise` : '';
  return `Rupees ${indianNumberWords(rupees)}${paisePart} Only`;
}

/** The Indian financial year (April–March) of a day `YYYY-MM-DD`: the year it starts and its label, `26-27`. */
export function financialYearOf(day: string): { start: number; label: string } {
  const year = Number(day.slice(0, 4));
  const month = Number(day.slice(5, 7));
  const start = month >= 4 ? year : year - 1;
  const two = (y: number) => String(y % 100).padStart(2, '0');
  return { start, label: `${two(start)}-${two(start + 1)}` };
}

/** A receipt number may have at most this many characters (Tally's voucher numbers, the limit). */
export const RECEIPT_NO_MAX = 16;

/** `RCT/26-27/00042`: the prefix, the financial year and the number within it (at least five digits). */
export function receiptNumberText(prefix: string, fyStart: number, seq: number): string {
  const { label } = financialYearOf(`${fyStart}-04-01`);
  return `${prefix}/${label}/${String(seq).padStart(5, '0')}`;
}
