import type { Migration } from '../migrate.js';

/**
 * The plot board's version (issue 21): one counter per project, raised by the triggers of db/sql/board.ts in every
 * transaction that changes what GET /api/board/{projectId} answers (plots, sales, plot money, registrations, holds,
 * buyers' and holders' names, the project, its plan). The board's ETag is this counter with the number of live holds
 * and today's date in India, so a poll with a matching If-None-Match is answered 304 from one small query. A project
 * without a row is at version 0. No foreign key: the triggers may run for a project being deleted in the same
 * transaction (they run at commit).
 */
export const boardVersions: Migration = {
  name: '0033_board_versions',
  statements: (s) => [
    `create table ${s}.board_versions (
      project_id integer primary key,
      version bigint not null default 0
    )`,
    `comment on table ${s}.board_versions is 'Per project: raised at commit by every write the plot board shows (db/sql/board.ts)'`,
  ],
};
