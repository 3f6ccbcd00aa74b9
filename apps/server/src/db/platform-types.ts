import type { ColumnType, Generated } from 'kysely';

/** The platform schema's tables (companies, super admins, demo requests, outbox, sign-in counters). */
export interface TenantsTable {
  tenant_id: string;
  db_name: string;
  db_username: string;
  demo_request_id: number | null;
  created_at: Generated<Date>;
  /** The company schema's version (db/migrate.ts schemaVersion) once its migrations finished; null before. */
  schema_version: string | null;
  /** The cluster its schema and role are on (db/clusters.ts); `main` by default. */
  cluster: Generated<string>;
  /** The cluster it is being moved to (db/company-move.ts); it answers 503 meanwhile. */
  moving_to: string | null;
}

export interface PlatformAdminsTable {
  id: Generated<number>;
  email: string;
  name: string;
  password_hash: string;
  token_version: Generated<number>;
  reset_password_required: Generated<boolean>;
  temp_password_hash: string | null;
  temp_password_expires_at: Date | null;
  created_at: Generated<Date>;
}

export interface DemoRequestsTable {
  id: Generated<number>;
  name: string;
  email: string;
  mobile_number: string;
  city: string;
  company_name: string;
  company_location: string;
  status: Generated<string>;
  logo: Uint8Array | null;
  logo_type: string | null;
  tenant_id: string | null;
  created_at: Generated<Date>;
}

export interface MailOutboxTable {
  id: Generated<number>;
  recipient: string;
  subject: string;
  body: string;
  delivered: Generated<boolean>;
  error: string | null;
  created_at: Generated<Date>;
}

export interface SettingsTable {
  key: string;
  value: string;
}

export interface LoginAttemptsTable {
  account: string;
  address: string;
  failures: Generated<number>;
  last_failure_at: Date | null;
  next_attempt_at: Date | null;
  succeeded_at: Date | null;
}

export interface LoginAccountFailuresTable {
  account: string;
  failures: Generated<number>;
  window_started_at: Date;
}

export interface LoginLinksTable {
  id: Generated<number>;
  account: string;
  address: string;
  token_hash: string;
  expires_at: Date;
  used_at: Date | null;
  created_at: Date;
}

/** The platform's trail (migration 0005): append-only; id, time and hashes are set by its insert trigger. */
export interface PlatformAuditTrailTable {
  id: ColumnType<number, never, never>;
  at: ColumnType<Date, never, never>;
  user_id: number | null;
  user_name: string | null;
  client_address: string | null;
  request_id: string | null;
  entity: string;
  /** The record as text: a company's id, `<company>/<user id>`, a demo request's number, an account's key. */
  entity_id: string | null;
  action: string;
  /** Each field set or changed as [before, after] (a JSON object by field). */
  changes: ColumnType<unknown, string, never>;
  reason: string | null;
  prev_hash: ColumnType<string, never, never>;
  hash: ColumnType<string, never, never>;
}

/** The platform trail's chain head: one row, written only by the trail's insert trigger. */
export interface PlatformAuditHeadTable {
  id: Generated<boolean>;
  last_id: Generated<number>;
  hash: Generated<string>;
}

export interface PlatformTables {
  tenants: TenantsTable;
  platform_admins: PlatformAdminsTable;
  demo_requests: DemoRequestsTable;
  mail_outbox: MailOutboxTable;
  settings: SettingsTable;
  login_attempts: LoginAttemptsTable;
  login_account_failures: LoginAccountFailuresTable;
  login_links: LoginLinksTable;
  audit_trail: PlatformAuditTrailTable;
  audit_head: PlatformAuditHeadTable;
}
