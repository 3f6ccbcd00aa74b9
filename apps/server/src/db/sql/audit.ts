import { trigger } from './trigger.js';

/**
 * The audit trail's chain and its append-only guard (table: migration 0022_audit_trail).
 * - `audit_row_hash(row)`: the one definition of a row's hash, sha256 (hex) of its canonical text, a JSON array of
 *   the previous row's hash and every column but `hash`, with `at` written in UTC to the microsecond, so neither
 *   TimeZone nor DateStyle changes it (jsonb's text is canonical: no spaces to vary, exact numbers). The insert
 *   trigger and the chain's check (`verifyChain` in modules/audit/audit.repository.ts) both call it.
 * - `audit_append()`: before each insert, under audit_head's row lock (concurrent writers take turns, so the chain
 *   never forks), sets the row's id (the head's + 1), `at` (the server's clock), `prev_hash` and `hash`, and moves
 *   the head. Security definer: the company's role may read the head but not write it.
 * - `audit_refuse()`: before any UPDATE, DELETE or TRUNCATE, refuses it, whoever asks (the company's role has no
 *   such privilege either: db/tenancy.ts revokes it).
 */
export const auditFunctions = (s: string) => [
  `create or replace function ${s}.audit_row_hash(r ${s}.audit_trail) returns text language sql stable as $$
          select encode(sha256(convert_to(jsonb_build_array(
            r.prev_hash, r.id, to_char(r.at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"'), r.user_id,
            r.user_name, r.client_address, r.request_id, r.entity, r.entity_id, r.action, r.changes, r.reason
          )::text, 'UTF8')), 'hex')
        $$`,
  `create or replace function ${s}.audit_append() returns trigger language plpgsql security definer
        set search_path = pg_catalog, pg_temp as $$
          declare
            head record;
          begin
            select last_id, hash into head from ${s}.audit_head where id for update;
            new.id := head.last_id + 1;
            new.at := clock_timestamp();
            new.prev_hash := head.hash;
            new.hash := ${s}.audit_row_hash(new);
            update ${s}.audit_head set last_id = new.id, hash = new.hash where id;
            return new;
          end
        $$`,
  `create or replace function ${s}.audit_refuse() returns trigger language plpgsql as $$
          begin
            raise exception 'The audit trail is append-only: % is refused.', tg_op using errcode = 'insufficient_privilege';
          end
        $$`,
  ...trigger(
    s,
    'audit_trail_append',
    'before insert',
    'audit_trail',
    `for each row execute function ${s}.audit_append()`,
  ),
  ...trigger(
    s,
    'audit_trail_refuse',
    'before update or delete',
    'audit_trail',
    `for each row execute function ${s}.audit_refuse()`,
  ),
  ...trigger(
    s,
    'audit_trail_refuse_truncate',
    'before truncate',
    'audit_trail',
    `for each statement execute function ${s}.audit_refuse()`,
  ),
];
