import type { Migration } from '../migrate.js';
import { money } from './columns.js';

/**
 * A sale handed to another buyer (issue 20, item 4). The sale keeps its id, schedule and receipts; its buyer changes
 * (written by the sales repository) and each hand-over is a `sale_transfers` row: date, from and to buyer, the fee
 * charged and the reason. The fees charged on a sale are summed on it (`sales.transfer_fee_paise`): what a buyer owes
 * on a sale is its amount plus that, received like any receipt (particular 'Transfer Fee'). A sale made before
 * buyers had records has no `from_buyer_id` on its first transfer.
 */
export const saleTransfers: Migration = {
  name: '0029_sale_transfers',
  statements: (s) => [
    `alter table ${s}.sales add column ${money('transfer_fee_paise')}`,
    `create table ${s}.sale_transfers (
      id serial primary key,
      sale_id integer not null references ${s}.sales(id),
      transfer_date date not null,
      from_buyer_id integer references ${s}.buyers(id),
      to_buyer_id integer not null references ${s}.buyers(id),
      ${money('fee_paise')},
      reason text not null check (length(btrim(reason)) > 0),
      created_by integer,
      created_at timestamptz not null default now()
    )`,
    `comment on table ${s}.sale_transfers is 'Each hand-over of a sale to another buyer, with its fee and reason'`,
    `create index sale_transfers_sale_idx on ${s}.sale_transfers (sale_id, id)`,
    `create index sale_transfers_from_idx on ${s}.sale_transfers (from_buyer_id)`,
    `create index sale_transfers_to_idx on ${s}.sale_transfers (to_buyer_id)`,
  ],
};
