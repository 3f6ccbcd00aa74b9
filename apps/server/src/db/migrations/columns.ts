/** A money column: integer paise, never negative. */
export const money = (column: string) => `${column} bigint not null default 0 check (${column} >= 0)`;
/** An area or rate column: numeric(14,2), never negative. */
export const area = (column: string) => `${column} numeric(14,2) not null default 0 check (${column} >= 0)`;
