import type { Migration } from '../migrate.js';
import { money } from './columns.js';

/**
 * Cancellation with refund (issue 20): one row per cancelled sale. Of what the sale had received (`received_paise`,
 * Σ Completed lines of its receipts when it was cancelled), `refund_paise` went back to the buyer and
 * `retained_paise` was kept as the company's income (forfeited); the two add up to it. A refund cheque starts
 * Pending and is cleared (Completed, `refund_paid_date`); any other mode is paid on the cancellation date. The
 * refund is money out of the partners' hands: `sale_refund_debits` names how much of it each partner paid (the
 * partner's Receive on Payment To Partner goes down by it once paid).
 */
export const saleCancellations: Migration = {
  name: '0028_sale_cancellations',
  statements: (s) => [
    `create table ${s}.sale_cancellations (
        id serial primary key,
        sale_id integer not null unique references ${s}.sales (id),
        project_id integer not null references ${s}.projects (id),
        plot_id integer not null references ${s}.plots (id),
        cancel_date date not null,
        reason text not null,
        ${money('received_paise')},
        ${money('refund_paise')},
        ${money('retained_paise')},
        refund_mode text check (refund_mode in ('Cash', 'Cheque', 'UPI', 'RTGS', 'Bank Transfer')),
        mode_detail text,
        refund_status text not null check (refund_status in ('Pending', 'Completed')),
        refund_paid_date date,
        created_by integer,
        created_at timestamptz not null default now(),
        check (received_paise = refund_paise + retained_paise),
        check ((refund_status = 'Completed') = (refund_paid_date is not null)),
        check (refund_paise = 0 or refund_mode is not null)
      )`,
    `create index sale_cancellations_project_idx on ${s}.sale_cancellations (project_id)`,
    `create table ${s}.sale_refund_debits (
        id serial primary key,
        cancellation_id integer not null references ${s}.sale_cancellations (id),
        partner_id integer not null references ${s}.partners (id),
        ${money('amount_paise')},
        unique (cancellation_id, partner_id)
      )`,
    `create index sale_refund_debits_partner_idx on ${s}.sale_refund_debits (partner_id)`,
  ],
};
