import type { Migration } from '../migrate.js';

/**
 * The Tally export's ledger mapping (issue 22, item 6): one row per company, written by
 * modules/tally/tally.repository.ts. `ledgers` is the mapping as the API speaks it (`TallyLedgers` in the domain:
 * Tally's company name, mode → bank/cash ledger, particular → income/expense ledger); no row means the defaults.
 */
export const tallyLedgers: Migration = {
  name: '0039_tally_ledgers',
  statements: (s) => [
    `create table ${s}.tally_ledgers (
      id boolean primary key default true check (id),
      ledgers jsonb not null check (jsonb_typeof(ledgers) = 'object'),
      updated_at timestamptz not null default now(),
      updated_by integer
    )`,
  ],
};
