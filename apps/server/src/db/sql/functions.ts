import type { Migration } from '../migrate.js';
import { auditFunctions } from './audit.js';
import { boardFunctions } from './board.js';
import { emiFunctions } from './emi.js';
import { moneyFunctions } from './money.js';
import { plotMoneyFunctions } from './plot-money.js';
import { receiptFunctions } from './receipts.js';
import { reraMoneyFunctions } from './rera-money.js';

/**
 * Every SQL function and trigger of a company schema, each defined once, in its final form: the totals the reports
 * read are kept by these (docs/architecture.md "Where a rule lives"). Each function doing arithmetic names its twin,
 * the domain function or recomputation it is held to by db/sql/functions.test.ts.
 *
 * A repeatable step (db/migrate.ts): applied after the versioned migrations whenever these statements change, so a
 * new company gets them after its tables, and an existing one gets the new definitions at the next start (the
 * change also changes TENANT_SCHEMA_VERSION, which marks every company stale). Change a function here in place;
 * each statement must run again cleanly (`create or replace function`, `trigger()`). A rename, a removal or a
 * changed signature also needs a versioned migration dropping the old one.
 */
export const tenantFunctions: Migration = {
  name: 'functions',
  repeatable: true,
  statements: (s) => [
    ...receiptFunctions(s),
    ...plotMoneyFunctions(s),
    ...emiFunctions(s),
    ...moneyFunctions(s),
    ...reraMoneyFunctions(s),
    ...auditFunctions(s),
    ...boardFunctions(s),
  ],
};
