import type { Migration } from '../migrate.js';

/**
 * Collections (issue 22) reads the installments of active sales due before a day and not paid in full: the
 * overdue ones (`installmentState`) are among them. This index holds only those not paid in full, so the read
 * skips every paid installment (most of a mature project's) instead of fetching and dropping them.
 */
export const overdueIndex: Migration = {
  name: '0041_overdue_index',
  statements: (s) => [
    `create index emi_installments_unpaid_due_idx on ${s}.emi_installments (due_date) include (project_id)
      where active and paid_paise < amount_paise`,
  ],
};
