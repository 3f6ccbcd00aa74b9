import type { Migration } from '../migrate.js';

/**
 * The tax and cash rules of a plot sale in India (issue 20): the company's settings, one row with the law's defaults
 * (s.194-IA TDS 1 % from ₹ 50,00,000; s.269SS/269T cash limit ₹ 20,000 a buyer a day, warn or refuse; RERA s.13 at
 * most 10 % before the agreement for sale), and the sale's agreement-for-sale registration date. Rates are kept in
 * hundredths of a percent (1 % → 100). The cash rule's CHECK list is CASH_RULES (packages/domain constants.ts).
 */
export const saleTax: Migration = {
  name: '0030_sale_tax',
  statements: (s) => [
    `create table ${s}.company_settings (
      id boolean primary key default true check (id),
      tds_threshold_paise bigint not null default 500000000 check (tds_threshold_paise > 0),
      tds_rate_hundredths integer not null default 100 check (tds_rate_hundredths between 0 and 10000),
      cash_limit_paise bigint not null default 2000000 check (cash_limit_paise > 0),
      cash_rule text not null default 'warn' check (cash_rule in ('warn', 'refuse')),
      rera_limit_hundredths integer not null default 1000 check (rera_limit_hundredths between 0 and 10000),
      updated_at timestamptz,
      updated_by integer
    )`,
    `insert into ${s}.company_settings (id) values (true)`,
    `alter table ${s}.sales add column agreement_date date`,
  ],
};
