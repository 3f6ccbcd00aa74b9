import { statementTriggers, trigger } from './trigger.js';

/**
 * Installments: the copies of their sale's project and status (`emi_installments.project_id`, `.active`), and the
 * per-project totals kept from them: emi_month_totals (count, Σ amount, Σ paid by month due) and emi_due_names
 * (count, Σ amount and plot names by due date) of the active sales' installments.
 */
export const emiFunctions = (s: string): string[] => [
  // twin: none (a copy of the sale's project_id and status = 'Active', kept in step by sales_to_installments)
  `create or replace function ${s}.emi_installments_copy_sale() returns trigger language plpgsql as $$
        begin
          select project_id, status = 'Active' into new.project_id, new.active from ${s}.sales where id = new.sale_id;
          return new;
        end
      $$`,
  ...trigger(
    s,
    'emi_installments_copy_sale',
    'before insert or update of sale_id',
    'emi_installments',
    `for each row execute function ${s}.emi_installments_copy_sale()`,
  ),
  `create or replace function ${s}.sales_to_installments() returns trigger language plpgsql as $$
        begin
          update ${s}.emi_installments set project_id = new.project_id, active = new.status = 'Active'
            where sale_id = new.id;
          return null;
        end
      $$`,
  ...trigger(
    s,
    'sales_to_installments',
    'after update of status, project_id',
    'sales',
    `for each row when (old.status is distinct from new.status or old.project_id is distinct from new.project_id)
        execute function ${s}.sales_to_installments()`,
  ),
  // twin: the recomputation of emi_month_totals in db/sql/month-totals.test.ts (count, Σ amount_paise, Σ paid_paise of
  // the active installments by project and month due). The changed rows' active installments, added (new) and taken
  // away (old), per project and month, in key order.
  `create or replace function ${s}.emi_installments_month_totals() returns trigger language plpgsql as $$
        begin
          if tg_op = 'INSERT' then
            insert into ${s}.emi_month_totals as t (project_id, month, installments, amount_paise, paid_paise)
              select project_id, date_trunc('month', due_date)::date, count(*), sum(amount_paise), sum(paid_paise)
              from new_rows where active group by 1, 2 order by 1, 2
              on conflict (project_id, month) do update set installments = t.installments + excluded.installments,
                amount_paise = t.amount_paise + excluded.amount_paise, paid_paise = t.paid_paise + excluded.paid_paise;
          elsif tg_op = 'DELETE' then
            insert into ${s}.emi_month_totals as t (project_id, month, installments, amount_paise, paid_paise)
              select project_id, date_trunc('month', due_date)::date, -count(*), -sum(amount_paise), -sum(paid_paise)
              from old_rows where active group by 1, 2 order by 1, 2
              on conflict (project_id, month) do update set installments = t.installments + excluded.installments,
                amount_paise = t.amount_paise + excluded.amount_paise, paid_paise = t.paid_paise + excluded.paid_paise;
          else
            insert into ${s}.emi_month_totals as t (project_id, month, installments, amount_paise, paid_paise)
              select project_id, month, sum(n), sum(amount), sum(paid) from (
                select project_id, date_trunc('month', due_date)::date as month, 1 as n, amount_paise as amount,
                  paid_paise as paid
                from new_rows where active
                union all
                select project_id, date_trunc('month', due_date)::date, -1, -amount_paise, -paid_paise
                from old_rows where active
              ) d group by 1, 2 having sum(n) <> 0 or sum(amount) <> 0 or sum(paid) <> 0 order by 1, 2
              on conflict (project_id, month) do update set installments = t.installments + excluded.installments,
                amount_paise = t.amount_paise + excluded.amount_paise, paid_paise = t.paid_paise + excluded.paid_paise;
          end if;
          return null;
        end
      $$`,
  ...statementTriggers(s, 'emi_installments_month_totals', 'emi_installments', 'emi_installments_month_totals'),
  // twin: the recomputation of emi_due_names in db/sql/due-names.test.ts (count, Σ amount and the plots' names by
  // plot name, sale, of the active installments by project and due date). Recomputes the days it is given after
  // locking their rows in key order (a later statement, so it reads what committed while it waited).
  `create or replace function ${s}.emi_due_names_refresh(projects integer[], days date[]) returns void language plpgsql as $$
        begin
          insert into ${s}.emi_due_names (project_id, due_date)
            select distinct k.p, k.d from unnest(projects, days) k(p, d) order by 1, 2
            on conflict do nothing;
          perform 1 from ${s}.emi_due_names t
            where (t.project_id, t.due_date) in (select k.p, k.d from unnest(projects, days) k(p, d))
            order by t.project_id, t.due_date for update;
          -- The days' installments, each with its plot's name and the name's rank among them: the names are sorted
          -- once (a collation's comparison is dear), each day's list by rank.
          with keys as (
            select distinct p, d from unnest(projects, days) u(p, d)
          ), due as materialized (
            select i.project_id, i.due_date, i.sale_id, i.amount_paise
            from keys k join ${s}.emi_installments i on i.project_id = k.p and i.due_date = k.d and i.active
          ), named as materialized (
            select sa.id, to_json(pl.plot_name)::text as name_json,
              row_number() over (order by pl.plot_name, sa.id) as name_rank
            from (select distinct sale_id from due) d
            join ${s}.sales sa on sa.id = d.sale_id
            join ${s}.plots pl on pl.id = sa.plot_id
          )
          update ${s}.emi_due_names t set installments = f.n, amount_paise = f.amount, names = f.names
            from (
              select k.p, k.d, count(due.sale_id)::integer as n, coalesce(sum(due.amount_paise), 0) as amount,
                string_agg(named.name_json, ',' order by named.name_rank) as names
              from keys k
              left join due on due.project_id = k.p and due.due_date = k.d
              left join named on named.id = due.sale_id
              group by k.p, k.d
            ) f
            where t.project_id = f.p and t.due_date = f.d;
        end
      $$`,
  `create or replace function ${s}.emi_installments_due_names() returns trigger language plpgsql as $$
        declare
          ps integer[];
          ds date[];
        begin
          if tg_op = 'INSERT' then
            select array_agg(k.project_id), array_agg(k.due_date) into ps, ds
              from (select distinct project_id, due_date from new_rows where active) k;
          elsif tg_op = 'DELETE' then
            select array_agg(k.project_id), array_agg(k.due_date) into ps, ds
              from (select distinct project_id, due_date from old_rows where active) k;
          else
            -- Only what the names or sums read: the allocation's paid_paise updates refresh nothing.
            select array_agg(k.project_id), array_agg(k.due_date) into ps, ds from (
              select x.project_id, x.due_date
              from old_rows o join new_rows n on n.id = o.id
              cross join lateral (values (o.project_id, o.due_date, o.active), (n.project_id, n.due_date, n.active))
                x(project_id, due_date, active)
              where x.active and (o.active, o.due_date, o.amount_paise, o.project_id, o.sale_id)
                is distinct from (n.active, n.due_date, n.amount_paise, n.project_id, n.sale_id)
              group by 1, 2
            ) k;
          end if;
          if ps is not null then
            perform ${s}.emi_due_names_refresh(ps, ds);
          end if;
          return null;
        end
      $$`,
  ...statementTriggers(s, 'emi_installments_due_names', 'emi_installments', 'emi_installments_due_names'),
  // Renamed plots: the days of their active sales' installments.
  `create or replace function ${s}.plots_due_names() returns trigger language plpgsql as $$
        declare
          ps integer[];
          ds date[];
        begin
          select array_agg(k.project_id), array_agg(k.due_date) into ps, ds from (
            select distinct i.project_id, i.due_date
            from new_rows n join old_rows o on o.id = n.id
            join ${s}.sales sa on sa.plot_id = n.id
            join ${s}.emi_installments i on i.sale_id = sa.id
            where n.plot_name is distinct from o.plot_name and i.active
          ) k;
          if ps is not null then
            perform ${s}.emi_due_names_refresh(ps, ds);
          end if;
          return null;
        end
      $$`,
  ...trigger(
    s,
    'plots_due_names',
    'after update',
    'plots',
    `referencing old table as old_rows new table as new_rows for each statement execute function ${s}.plots_due_names()`,
  ),
  // A sale moved to another plot: its installments' days (their names changed).
  `create or replace function ${s}.sales_due_names() returns trigger language plpgsql as $$
        declare
          ps integer[];
          ds date[];
        begin
          select array_agg(k.project_id), array_agg(k.due_date) into ps, ds
            from (select distinct project_id, due_date from ${s}.emi_installments where sale_id = new.id and active) k;
          if ps is not null then
            perform ${s}.emi_due_names_refresh(ps, ds);
          end if;
          return null;
        end
      $$`,
  ...trigger(
    s,
    'sales_due_names',
    'after update of plot_id',
    'sales',
    `for each row when (old.plot_id is distinct from new.plot_id) execute function ${s}.sales_due_names()`,
  ),
];
