import { trigger } from './trigger.js';

/** sale_rera_money (0038): Σ each sale's Completed live receipt lines dated before its agreement date. */
export const reraMoneyFunctions = (s: string): string[] => [
  // Whether a line is money received before its sale's agreement for sale: Completed, live, of a sale, and dated
  // before the sale's agreement date (any date while the sale has none).
  `create or replace function ${s}.line_before_agreement(status text, voided timestamptz, sale integer, day date)
      returns boolean language sql stable as $$
        select status = 'Completed' and voided is null and exists (
          select 1 from ${s}.sales where id = sale and (agreement_date is null or day < agreement_date))
      $$`,
  // twin: the recomputation in db/sql/rera-money.test.ts (Σ of the sale's Completed live lines before its agreement
  // date, receivedBeforeAgreementOfProject's meaning before 0038).
  `create or replace function ${s}.receipt_lines_rera_money() returns trigger language plpgsql as $$
        declare
          old_part bigint := 0;
          new_part bigint := 0;
        begin
          if tg_op <> 'INSERT' and ${s}.line_before_agreement(old.receipt_status, old.voided_at, old.sale_id, old.line_date) then
            old_part := old.amount_paise;
          end if;
          if tg_op <> 'DELETE' and ${s}.line_before_agreement(new.receipt_status, new.voided_at, new.sale_id, new.line_date) then
            new_part := new.amount_paise;
          end if;
          if tg_op = 'UPDATE' and old.sale_id = new.sale_id then
            new_part := new_part - old_part;
            old_part := 0;
          end if;
          if old_part <> 0 then
            update ${s}.sale_rera_money set before_agreement_paise = before_agreement_paise - old_part
            where sale_id = old.sale_id;
          end if;
          if new_part <> 0 then
            insert into ${s}.sale_rera_money as m (sale_id, before_agreement_paise) values (new.sale_id, new_part)
              on conflict (sale_id) do update set before_agreement_paise = m.before_agreement_paise + excluded.before_agreement_paise;
          end if;
          return null;
        end
      $$`,
  ...trigger(
    s,
    'receipt_lines_rera_money',
    'after insert',
    'receipt_line_rows',
    `for each row when (new.sale_id is not null) execute function ${s}.receipt_lines_rera_money()`,
  ),
  ...trigger(
    s,
    'receipt_lines_rera_money_delete',
    'after delete',
    'receipt_line_rows',
    `for each row when (old.sale_id is not null) execute function ${s}.receipt_lines_rera_money()`,
  ),
  ...trigger(
    s,
    'receipt_lines_rera_money_update',
    'after update',
    'receipt_line_rows',
    `for each row when ((old.sale_id is not null or new.sale_id is not null) and (
          old.sale_id is distinct from new.sale_id or old.amount_paise <> new.amount_paise
          or old.receipt_status <> new.receipt_status or old.voided_at is distinct from new.voided_at
          or old.line_date <> new.line_date
        )) execute function ${s}.receipt_lines_rera_money()`,
  ),
  // twin: the same recomputation. A new agreement date (or none) counts the sale's lines again.
  `create or replace function ${s}.sales_rera_money() returns trigger language plpgsql as $$
        begin
          insert into ${s}.sale_rera_money as m (sale_id, before_agreement_paise)
            select new.id, coalesce(sum(amount_paise), 0) from ${s}.receipt_line_rows
            where sale_id = new.id and receipt_status = 'Completed' and voided_at is null
              and (new.agreement_date is null or line_date < new.agreement_date)
            on conflict (sale_id) do update set before_agreement_paise = excluded.before_agreement_paise;
          return null;
        end
      $$`,
  ...trigger(
    s,
    'sales_rera_money',
    'after update of agreement_date',
    'sales',
    `for each row when (old.agreement_date is distinct from new.agreement_date) execute function ${s}.sales_rera_money()`,
  ),
];
