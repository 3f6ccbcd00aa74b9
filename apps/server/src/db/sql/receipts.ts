import { trigger } from './trigger.js';

/**
 * Receipt lines: the copies of their receipt's project and status, and the totals kept from them
 * (`receipts.total_paise`/`installment_paise`, `receipt_month_totals`).
 */
export const receiptFunctions = (s: string): string[] => [
  // twin: none (a copy of receipts.project_id, status and sale_id, kept in step by receipts_status_to_lines)
  `create or replace function ${s}.receipt_lines_copy_receipt() returns trigger language plpgsql as $$
        begin
          select project_id, status, sale_id into new.project_id, new.receipt_status, new.sale_id
            from ${s}.receipts where id = new.receipt_id;
          return new;
        end
      $$`,
  ...trigger(
    s,
    'receipt_lines_copy_receipt',
    'before insert or update of receipt_id',
    'receipt_line_rows',
    `for each row execute function ${s}.receipt_lines_copy_receipt()`,
  ),
  `create or replace function ${s}.receipts_status_to_lines() returns trigger language plpgsql as $$
        begin
          update ${s}.receipt_line_rows set receipt_status = new.status, project_id = new.project_id, sale_id = new.sale_id
            where receipt_id = new.id;
          return null;
        end
      $$`,
  ...trigger(
    s,
    'receipts_status_to_lines',
    'after update of status, project_id, sale_id',
    'receipts',
    `for each row when (old.status is distinct from new.status or old.project_id is distinct from new.project_id
          or old.sale_id is distinct from new.sale_id)
        execute function ${s}.receipts_status_to_lines()`,
  ),
  // twin: Σ of the live lines (sumPaise in packages/domain/src/money.ts), held by the property test in
  // db/sql/functions.test.ts: a receipt's total and Installment part are Σ of its lines, and receipt_month_totals the
  // count, Σ and Σ Installment of the lines by project, month and receipt status. One update of the
  // receipt per change, and none when only the copied status moves.
  `create or replace function ${s}.receipt_lines_totals() returns trigger language plpgsql as $$
        declare
          -- A voided line (migration 0023) counts as absent: voiding one is an update that takes it out.
          was_live boolean := false;
          is_live boolean := false;
        begin
          if tg_op <> 'INSERT' then was_live := old.voided_at is null; end if;
          if tg_op <> 'DELETE' then is_live := new.voided_at is null; end if;
          if was_live and is_live and old.receipt_id = new.receipt_id then
            if old.amount_paise <> new.amount_paise or old.particular <> new.particular then
              update ${s}.receipts set
                total_paise = total_paise + new.amount_paise - old.amount_paise,
                installment_paise = installment_paise
                  + case when new.particular = 'Installment' then new.amount_paise else 0 end
                  - case when old.particular = 'Installment' then old.amount_paise else 0 end
              where id = new.receipt_id;
            end if;
          else
            if was_live then
              update ${s}.receipts set
                total_paise = total_paise - old.amount_paise,
                installment_paise = installment_paise - case when old.particular = 'Installment' then old.amount_paise else 0 end
              where id = old.receipt_id;
            end if;
            if is_live then
              update ${s}.receipts set
                total_paise = total_paise + new.amount_paise,
                installment_paise = installment_paise + case when new.particular = 'Installment' then new.amount_paise else 0 end
              where id = new.receipt_id;
            end if;
          end if;
          if was_live then
            update ${s}.receipt_month_totals set
              lines = lines - 1,
              total_paise = total_paise - old.amount_paise,
              installment_paise = installment_paise - case when old.particular = 'Installment' then old.amount_paise else 0 end
            where project_id = old.project_id and month = date_trunc('month', old.line_date)::date and status = old.receipt_status;
          end if;
          if is_live then
            insert into ${s}.receipt_month_totals as t (project_id, month, status, lines, total_paise, installment_paise)
              values (new.project_id, date_trunc('month', new.line_date)::date, new.receipt_status, 1, new.amount_paise,
                case when new.particular = 'Installment' then new.amount_paise else 0 end)
              on conflict (project_id, month, status) do update set
                lines = t.lines + excluded.lines,
                total_paise = t.total_paise + excluded.total_paise,
                installment_paise = t.installment_paise + excluded.installment_paise;
          end if;
          return null;
        end
      $$`,
  ...trigger(
    s,
    'receipt_lines_totals',
    'after insert or update or delete',
    'receipt_line_rows',
    `for each row execute function ${s}.receipt_lines_totals()`,
  ),
];
