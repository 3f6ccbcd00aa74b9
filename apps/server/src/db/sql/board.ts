/**
 * The plot board's version (issue 21; table board_versions, migration 0033): every transaction that changes what
 * GET /api/board/{projectId} answers raises that project's version once, when it commits. The board's ETag is the
 * version with the number of live holds and today's date (modules/board/board.service.ts), so a poll whose
 * If-None-Match still matches is answered 304 from one small query.
 *
 * The triggers are deferred constraint triggers: they run at COMMIT, after every other statement of the transaction,
 * so the version row's lock is the last lock a writer takes (as the audit trail's chain lock is) and is held only
 * for the commit. Raised mid-transaction, a sale (version, then its plot's money row) and a receipt (money row, then
 * version) could each wait for the other. A transaction raises a project once (`plotbook.board_bumped`, local to it).
 *
 * What the board shows, and the trigger that follows it: plots (board_project_row on plots), the active sale, its
 * buyer and amount (sales), what the plot received (plot_money: every receipt, void, reversal and refund reaches
 * it), registrations (board_plot_row), holds made and ended (plot_holds), the project's name (projects), its plan
 * (project_plans), a buyer renamed (buyers) and a holder renamed (users). An installment's due date, amount or paid
 * part changes only with its sale (a correction rewrites the sale row) or with its plot's money (the allocation
 * follows plot_money), so emi_installments needs none. A hold expiring by time and the date (overdue) are not writes:
 * the ETag carries the live holds' count and the date for them.
 */

/** A deferred constraint trigger as re-runnable statements. */
function deferredTrigger(s: string, name: string, event: string, table: string, rest: string): string[] {
  return [
    `drop trigger if exists ${name} on ${s}.${table}`,
    `create constraint trigger ${name} ${event} on ${s}.${table} deferrable initially deferred for each row ${rest}`,
  ];
}

export const boardFunctions = (s: string): string[] => [
  // twin: the version test in db/sql/board.test.ts (every kind of write raises it). Raises a project's board version
  // once per transaction.
  `create or replace function ${s}.board_bump(project integer) returns void language plpgsql as $$
        declare
          bumped text := coalesce(current_setting('plotbook.board_bumped', true), '');
        begin
          if project is null or position(',' || project || ',' in bumped) > 0 then
            return;
          end if;
          insert into ${s}.board_versions as v (project_id, version) values (project, 1)
            on conflict (project_id) do update set version = v.version + 1;
          perform set_config('plotbook.board_bumped', (case when bumped = '' then ',' else bumped end) || project || ',', true);
        end
      $$`,
  // A row naming its project (plots, sales, plot_holds, project_plans): the old and the new project.
  `create or replace function ${s}.board_project_row() returns trigger language plpgsql as $$
        begin
          if tg_op <> 'INSERT' then
            perform ${s}.board_bump(old.project_id);
          end if;
          if tg_op <> 'DELETE' then
            perform ${s}.board_bump(new.project_id);
          end if;
          return null;
        end
      $$`,
  // A row naming its plot (registrations, plot_money): the plot's project.
  `create or replace function ${s}.board_plot_row() returns trigger language plpgsql as $$
        begin
          if tg_op <> 'INSERT' then
            perform ${s}.board_bump(p.project_id) from ${s}.plots p where p.id = old.plot_id;
          end if;
          if tg_op <> 'DELETE' then
            perform ${s}.board_bump(p.project_id) from ${s}.plots p where p.id = new.plot_id;
          end if;
          return null;
        end
      $$`,
  `create or replace function ${s}.board_project() returns trigger language plpgsql as $$
        begin
          perform ${s}.board_bump(new.id);
          return null;
        end
      $$`,
  // A buyer renamed: the projects where they hold an active sale or an open hold.
  `create or replace function ${s}.board_buyer() returns trigger language plpgsql as $$
        begin
          perform ${s}.board_bump(x.project_id) from (
            select project_id from ${s}.sales where buyer_id = new.id and status = 'Active'
            union
            select project_id from ${s}.plot_holds where buyer_id = new.id and ended_at is null
            order by 1
          ) x;
          return null;
        end
      $$`,
  // A user renamed: the projects where they hold an open hold.
  `create or replace function ${s}.board_holder() returns trigger language plpgsql as $$
        begin
          perform ${s}.board_bump(x.project_id) from (
            select distinct project_id from ${s}.plot_holds where held_by = new.id and ended_at is null order by 1
          ) x;
          return null;
        end
      $$`,
  ...['plots', 'sales', 'plot_holds', 'project_plans'].flatMap((table) =>
    deferredTrigger(
      s,
      `board_${table}`,
      'after insert or update or delete',
      table,
      `execute function ${s}.board_project_row()`,
    ),
  ),
  ...deferredTrigger(
    s,
    'board_registrations',
    'after insert or update or delete',
    'registrations',
    `execute function ${s}.board_plot_row()`,
  ),
  ...deferredTrigger(
    s,
    'board_plot_money',
    'after insert or delete',
    'plot_money',
    `execute function ${s}.board_plot_row()`,
  ),
  ...deferredTrigger(
    s,
    'board_plot_money_update',
    'after update',
    'plot_money',
    `when (old.received_paise <> new.received_paise or old.installment_paise <> new.installment_paise)
        execute function ${s}.board_plot_row()`,
  ),
  ...deferredTrigger(
    s,
    'board_projects',
    'after update',
    'projects',
    `when (old.project_name is distinct from new.project_name) execute function ${s}.board_project()`,
  ),
  ...deferredTrigger(
    s,
    'board_buyers',
    'after update',
    'buyers',
    `when (old.name is distinct from new.name or old.mobile is distinct from new.mobile)
        execute function ${s}.board_buyer()`,
  ),
  ...deferredTrigger(
    s,
    'board_users',
    'after update',
    'users',
    `when (old.user_name is distinct from new.user_name) execute function ${s}.board_holder()`,
  ),
];
