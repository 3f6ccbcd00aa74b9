import type { Migration } from '../migrate.js';

/**
 * A reminder whose mail could not be sent (issue 22): its log row stays (who tried, when, to whom) and says when the
 * mail failed. The 24-hour rule, a row's "last reminded" and the automatic reminders' "already sent" read only the
 * rows without `failed_at`, so a failed reminder can be sent again at once. Written by
 * modules/collections/collections.repository.ts.
 */
export const reminderFailures: Migration = {
  name: '0040_reminder_failures',
  statements: (s) => [`alter table ${s}.installment_reminders add column failed_at timestamptz`],
};
