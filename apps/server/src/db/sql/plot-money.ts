import { trigger } from './trigger.js';

/**
 * plot_money (Σ Completed receipts of each plot and of their Installment lines) and emi_installments.paid_paise
 * (that installment money allocated over the plot's active sale's schedule, oldest first). Every re-allocation holds
 * the plot's plot_money row lock, so two writers for one plot take turns (lock order: receipts or plots/sales, then
 * plot_money, then installments).
 */
export const plotMoneyFunctions = (s: string): string[] => [
  // twin: allocateInstallments in packages/domain/src/emi.ts (its paidPaise), held by db/sql/functions.test.ts and
  // db/sql/plot-money.test.ts. Re-allocates the plot's Completed
  // installment money over its active sale's schedule, oldest first; the caller holds the plot's plot_money row lock.
  `create or replace function ${s}.allocate_plot_installments(plot integer) returns void language plpgsql as $$
        begin
          update ${s}.emi_installments i set paid_paise = a.paid
          from (
            select e.id, least(e.amount_paise, greatest(0, coalesce(m.installment_paise, 0) - ((sum(e.amount_paise) over (
              partition by e.sale_id order by e.installment_no rows between unbounded preceding and current row
            ))::bigint - e.amount_paise))) as paid
            from ${s}.sales sa
            join ${s}.emi_installments e on e.sale_id = sa.id
            left join ${s}.plot_money m on m.plot_id = sa.plot_id
            where sa.plot_id = plot and sa.status = 'Active'
          ) a
          where i.id = a.id and i.paid_paise <> a.paid;
        end
      $$`,
  // Locks the plot's money row (made if missing) so the allocation reads the latest money and no receipt changes it
  // meanwhile.
  `create or replace function ${s}.lock_plot_money(plot integer) returns void language plpgsql as $$
        begin
          insert into ${s}.plot_money (plot_id) values (plot) on conflict (plot_id) do nothing;
          perform 1 from ${s}.plot_money where plot_id = plot for update;
        end
      $$`,
  // Whether a receipt's money is the plot's: Completed, and of the plot's active sale (or of no sale). A cancelled
  // sale's receipts stay, frozen, out of plot_money (issue 20: after a resale the new sale starts at 0).
  `create or replace function ${s}.receipt_counts(status text, sale integer) returns boolean language sql stable as $$
        select status = 'Completed'
          and (sale is null or exists (select 1 from ${s}.sales where id = sale and sales.status = 'Active'))
      $$`,
  // twin: the recomputation in db/sql/plot-money.test.ts (Σ of the plot's Completed receipt lines of its active
  // sale, and of their Installment lines).
  `create or replace function ${s}.receipts_plot_money() returns trigger language plpgsql as $$
        declare
          old_received bigint := 0;
          old_installment bigint := 0;
          new_received bigint := 0;
          new_installment bigint := 0;
          old_plot integer;
          new_plot integer;
        begin
          -- The plots' money rows first, then whether the receipt counts (its sale's status, read after the lock: a
          -- sale cancelled meanwhile has already taken its receipts' money out, sales_allocate).
          if tg_op <> 'INSERT' and old.status = 'Completed' then old_plot := old.plot_id; end if;
          if tg_op <> 'DELETE' and new.status = 'Completed' then new_plot := new.plot_id; end if;
          perform ${s}.lock_plot_money(p) from (
            select distinct p from unnest(array[old_plot, new_plot]) p where p is not null order by p
          ) x;
          if tg_op in ('UPDATE', 'DELETE') and ${s}.receipt_counts(old.status, old.sale_id) then
            old_received := old.total_paise;
            old_installment := old.installment_paise;
          end if;
          if tg_op in ('INSERT', 'UPDATE') and ${s}.receipt_counts(new.status, new.sale_id) then
            new_received := new.total_paise;
            new_installment := new.installment_paise;
          end if;
          if tg_op = 'UPDATE' and old.plot_id = new.plot_id then
            -- One change of the row (one re-allocation); a row is made only when money is added.
            new_received := new_received - old_received;
            new_installment := new_installment - old_installment;
            old_received := 0;
            old_installment := 0;
            if new_received < 0 or new_installment < 0 then
              update ${s}.plot_money set
                received_paise = received_paise + new_received,
                installment_paise = installment_paise + new_installment
              where plot_id = new.plot_id;
              return null;
            end if;
          end if;
          if old_received <> 0 or old_installment <> 0 then
            update ${s}.plot_money set
              received_paise = received_paise - old_received,
              installment_paise = installment_paise - old_installment
            where plot_id = old.plot_id;
          end if;
          if new_received <> 0 or new_installment <> 0 then
            insert into ${s}.plot_money as m (plot_id, received_paise, installment_paise)
              values (new.plot_id, new_received, new_installment)
              on conflict (plot_id) do update set
                received_paise = m.received_paise + excluded.received_paise,
                installment_paise = m.installment_paise + excluded.installment_paise;
          end if;
          return null;
        end
      $$`,
  ...trigger(
    s,
    'receipts_plot_money',
    'after insert or delete',
    'receipts',
    `for each row execute function ${s}.receipts_plot_money()`,
  ),
  ...trigger(
    s,
    'receipts_plot_money_update',
    'after update',
    'receipts',
    `for each row when (
          (old.status = 'Completed' or new.status = 'Completed') and (old.status is distinct from new.status
            or old.plot_id is distinct from new.plot_id or old.sale_id is distinct from new.sale_id
            or old.total_paise <> new.total_paise
            or old.installment_paise <> new.installment_paise)
        ) execute function ${s}.receipts_plot_money()`,
  ),
  // Every change of a plot's installment money re-allocates it (the update already holds the row lock).
  `create or replace function ${s}.plot_money_allocate() returns trigger language plpgsql as $$
        begin
          perform ${s}.allocate_plot_installments(new.plot_id);
          return null;
        end
      $$`,
  ...trigger(
    s,
    'plot_money_allocate_insert',
    'after insert',
    'plot_money',
    `for each row when (new.installment_paise <> 0) execute function ${s}.plot_money_allocate()`,
  ),
  ...trigger(
    s,
    'plot_money_allocate_update',
    'after update of installment_paise',
    'plot_money',
    `for each row when (old.installment_paise <> new.installment_paise) execute function ${s}.plot_money_allocate()`,
  ),
  // twin: the recomputation in db/sql/plot-money.test.ts. A sale that stops (or starts) being active: its receipts'
  // money leaves (or joins) its plot's plot_money, and its installments lose (or get) the plot's money.
  `create or replace function ${s}.sales_allocate() returns trigger language plpgsql as $$
        declare
          received bigint;
          installment bigint;
        begin
          perform ${s}.lock_plot_money(p) from unnest(array[least(old.plot_id, new.plot_id), greatest(old.plot_id, new.plot_id)]) p;
          if (old.status = 'Active') <> (new.status = 'Active') then
            select coalesce(sum(total_paise), 0), coalesce(sum(installment_paise), 0) into received, installment
              from ${s}.receipts where sale_id = new.id and status = 'Completed';
            if received <> 0 or installment <> 0 then
              if new.status = 'Active' then
                update ${s}.plot_money set received_paise = received_paise + received,
                  installment_paise = installment_paise + installment where plot_id = new.plot_id;
              else
                update ${s}.plot_money set received_paise = received_paise - received,
                  installment_paise = installment_paise - installment where plot_id = old.plot_id;
              end if;
            end if;
          end if;
          if new.status <> 'Active' then
            update ${s}.emi_installments set paid_paise = 0 where sale_id = new.id and paid_paise <> 0;
          end if;
          perform ${s}.allocate_plot_installments(new.plot_id);
          if old.plot_id <> new.plot_id then
            perform ${s}.allocate_plot_installments(old.plot_id);
          end if;
          return null;
        end
      $$`,
  ...trigger(
    s,
    'sales_allocate',
    'after update of status, plot_id',
    'sales',
    `for each row when (old.status is distinct from new.status or old.plot_id is distinct from new.plot_id)
        execute function ${s}.sales_allocate()`,
  ),
  // A schedule written (all of a sale's installments in one statement): allocate once per plot.
  `create or replace function ${s}.emi_installments_allocate() returns trigger language plpgsql as $$
        declare
          plot integer;
        begin
          for plot in
            select distinct sa.plot_id from changed c join ${s}.sales sa on sa.id = c.sale_id order by sa.plot_id
          loop
            perform ${s}.lock_plot_money(plot);
            perform ${s}.allocate_plot_installments(plot);
          end loop;
          return null;
        end
      $$`,
  ...trigger(
    s,
    'emi_installments_allocate_insert',
    'after insert',
    'emi_installments',
    `referencing new table as changed for each statement execute function ${s}.emi_installments_allocate()`,
  ),
  ...trigger(
    s,
    'emi_installments_allocate_delete',
    'after delete',
    'emi_installments',
    `referencing old table as changed for each statement execute function ${s}.emi_installments_allocate()`,
  ),
  `create or replace function ${s}.emi_installment_allocate() returns trigger language plpgsql as $$
        begin
          perform ${s}.lock_plot_money(sa.plot_id) from ${s}.sales sa where sa.id in (old.sale_id, new.sale_id);
          perform ${s}.allocate_plot_installments(sa.plot_id) from ${s}.sales sa where sa.id in (old.sale_id, new.sale_id);
          return null;
        end
      $$`,
  ...trigger(
    s,
    'emi_installments_allocate_update',
    'after update of sale_id, installment_no, amount_paise',
    'emi_installments',
    `for each row execute function ${s}.emi_installment_allocate()`,
  ),
];
