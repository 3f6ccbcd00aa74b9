import type { Migration } from '../migrate.js';

/**
 * Receipt numbers, the company profile and the documents' copies (issue 22, items 4 and 5):
 * - `receipt_series`: one counter row per Indian financial year (April–March, `fy_start` = the year it starts),
 *   taken in the receipt's own transaction (`update … set next_no = next_no + 1 returning`), so the numbers are
 *   consecutive and never reused: a rolled-back receipt rolls its number back with it;
 * - `receipts.receipt_no` (given when the receipt becomes Completed: saved Completed or cleared) and
 *   `receipts.reversal_no` (a reversal's own number in the same series), each unique, at most 16 characters;
 * - `company_profile`: the letterhead (name, logo, address, GSTIN, PAN, RERA number) and the receipt prefix;
 * - `document_copies`: how many times a receipt or an allotment letter was printed (a reprint says DUPLICATE).
 * The receipts already Completed or Reversed are numbered here, per financial year of the day (India's) they were
 * entered and reversed, in that order, and each year's counter starts after them.
 */
const day = (at: string) => `((${at} at time zone 'UTC') + interval '330 minutes')`;
const fy = (at: string) =>
  `(extract(year from ${day(at)})::int - case when extract(month from ${day(at)}) < 4 then 1 else 0 end)`;

const numbered = (s: string) => `with events as (
    select id, 0 as kind, created_at as at from ${s}.receipts where status in ('Completed', 'Reversed')
    union all
    select id, 1 as kind, reversed_at as at from ${s}.receipts where status = 'Reversed' and reversed_at is not null
  ), dated as (select id, kind, at, ${fy('at')} as fy from events),
  numbered as (
    select id, kind, fy, row_number() over (partition by fy order by at, id, kind) as seq from dated
  ),
  labelled as (
    select id, kind, fy, seq, 'RCT/' || lpad((fy % 100)::text, 2, '0') || '-' || lpad(((fy + 1) % 100)::text, 2, '0')
      || '/' || case when seq > 99999 then seq::text else lpad(seq::text, 5, '0') end as no
    from numbered
  )`;

export const receiptNumbers: Migration = {
  name: '0036_receipt_numbers',
  statements: (s) => [
    `create table ${s}.receipt_series (
      fy_start integer primary key check (fy_start between 2000 and 2999),
      next_no integer not null check (next_no >= 1)
    )`,
    `alter table ${s}.receipts
      add column receipt_no text check (length(receipt_no) between 1 and 16),
      add column reversal_no text check (length(reversal_no) between 1 and 16)`,
    `create unique index receipts_receipt_no_idx on ${s}.receipts (receipt_no) where receipt_no is not null`,
    `create unique index receipts_reversal_no_idx on ${s}.receipts (reversal_no) where reversal_no is not null`,
    `create table ${s}.company_profile (
      id boolean primary key default true check (id),
      company_name text check (length(company_name) <= 120),
      address text check (length(address) <= 500),
      gstin text check (length(gstin) = 15),
      pan text check (length(pan) = 10),
      rera_no text check (length(rera_no) <= 60),
      receipt_prefix text not null default 'RCT' check (receipt_prefix ~ '^[A-Z0-9]{1,4}$'),
      logo bytea check (octet_length(logo) <= 524288),
      logo_mime text check (logo_mime in ('image/png', 'image/jpeg')),
      updated_at timestamptz,
      updated_by integer,
      check ((logo is null) = (logo_mime is null))
    )`,
    `insert into ${s}.company_profile (id) values (true)`,
    `create table ${s}.document_copies (
      kind text not null check (kind in ('receipt', 'allotment-provisional', 'allotment-final')),
      ref_id integer not null,
      copies integer not null check (copies >= 1),
      first_printed_at timestamptz not null default now(),
      last_printed_at timestamptz not null default now(),
      primary key (kind, ref_id)
    )`,
    `${numbered(s)} update ${s}.receipts r set receipt_no = l.no from labelled l where l.id = r.id and l.kind = 0`,
    `${numbered(s)} update ${s}.receipts r set reversal_no = l.no from labelled l where l.id = r.id and l.kind = 1`,
    `${numbered(s)} insert into ${s}.receipt_series (fy_start, next_no) select fy, max(seq) + 1 from labelled group by fy`,
  ],
};
