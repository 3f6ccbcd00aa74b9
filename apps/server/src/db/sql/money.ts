import { statementTriggers } from './trigger.js';

/**
 * The function adding `column`'s Σ of `amount` over the changed rows that match `rows`, per project, and its triggers,
 * on `base` (the table under the view `table` for a voidable one: migration 0023; names keep the view's name).
 */
const projectMoney = (s: string, table: string, base: string, column: string, amount: string, rows: string) => [
  `create or replace function ${s}.${table}_project_money() returns trigger language plpgsql as $$
          begin
            if tg_op = 'INSERT' then
              insert into ${s}.project_money as m (project_id, ${column})
                select project_id, sum(${amount}) from new_rows where ${rows} group by project_id order by project_id
                on conflict (project_id) do update set ${column} = m.${column} + excluded.${column};
            elsif tg_op = 'DELETE' then
              insert into ${s}.project_money as m (project_id, ${column})
                select project_id, -sum(${amount}) from old_rows where ${rows} group by project_id order by project_id
                on conflict (project_id) do update set ${column} = m.${column} + excluded.${column};
            else
              insert into ${s}.project_money as m (project_id, ${column})
                select project_id, sum(n) from (
                  select project_id, ${amount} as n from new_rows where ${rows}
                  union all
                  select project_id, -${amount} from old_rows where ${rows}
                ) d group by project_id having sum(n) <> 0 order by project_id
                on conflict (project_id) do update set ${column} = m.${column} + excluded.${column};
            end if;
            return null;
          end
        $$`,
  ...statementTriggers(s, `${table}_project_money`, base, `${table}_project_money`),
];

/**
 * The function adding the changed rows' Σ `amount` to company_money, failing with SQLSTATE PB001 when a raise takes
 * it past MAX_COMPANY_MONEY_PAISE, and its triggers (`zz_`: fired after the statement's other triggers).
 */
const companyMoney = (s: string, table: string, base: string, amount: string, rows: string) => [
  `create or replace function ${s}.${table}_company_money() returns trigger language plpgsql as $$
          declare
            delta numeric := 0;
            total numeric;
          begin
            if tg_op <> 'DELETE' then
              delta := delta + coalesce((select sum(${amount}) from new_rows where ${rows}), 0);
            end if;
            if tg_op <> 'INSERT' then
              delta := delta - coalesce((select sum(${amount}) from old_rows where ${rows}), 0);
            end if;
            if delta = 0 then
              return null;
            end if;
            update ${s}.company_money set paise = paise + delta returning paise into total;
            if delta > 0 and total > 5000000000000000 /* MAX_COMPANY_MONEY_PAISE */ then
              raise exception 'company money past its limit' using errcode = 'PB001';
            end if;
            return null;
          end
        $$`,
  ...statementTriggers(s, `zz_${table}_company_money`, base, `${table}_company_money`),
];

/** A live row of a voidable table (migration 0023): a voided one counts as absent, so a void subtracts. */
const LIVE = 'voided_at is null';

/** The amounts company_money adds up: every live amount the company records, by table (view, base table, rows). */
const COMPANY_MONEY_COLUMNS = [
  ['purchase_entries', 'purchase_entry_rows', 'amount_paise', LIVE],
  ['development_entries', 'development_entry_rows', 'amount_paise', LIVE],
  ['sales', 'sales', 'sale_amount_paise', 'true'],
  ['receipt_lines', 'receipt_line_rows', 'amount_paise', LIVE],
  ['partner_payouts', 'partner_payout_rows', 'amount_paise', LIVE],
] as const;

/** project_money (Σ land, development and active sales per project) and company_money (Σ of every amount). */
export const moneyFunctions = (s: string): string[] => [
  // twin: the recomputation of project_money in db/sql/project-money.test.ts (Σ purchase entries, development entries
  // and Active sales per project); read by Project Wise.
  ...projectMoney(s, 'purchase_entries', 'purchase_entry_rows', 'land_paise', 'amount_paise', LIVE),
  ...projectMoney(s, 'development_entries', 'development_entry_rows', 'development_paise', 'amount_paise', LIVE),
  ...projectMoney(s, 'sales', 'sales', 'sale_paise', 'sale_amount_paise', `status = 'Active'`),
  // twin: Σ of COMPANY_MONEY_COLUMNS, recomputed in modules/reports/reports-money-limit.test.ts; the limit is
  // MAX_COMPANY_MONEY_PAISE in packages/domain/src/schemas/common.ts.
  ...COMPANY_MONEY_COLUMNS.flatMap(([table, base, column, rows]) => companyMoney(s, table, base, column, rows)),
];
