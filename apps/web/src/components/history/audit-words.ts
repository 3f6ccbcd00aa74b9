import {
  AUDIT_ACTION_LABELS as ACTION_LABELS,
  type AuditAction,
  type AuditEntryDto,
  auditChangeLines,
  describeChanges,
  AUDIT_ENTITY_LABELS as ENTITY_LABELS,
  formatIndiaDateTime,
} from '@plotbook/domain';

/** What each record type and action is called on screen and in the export (domain's audit-text). */
export { ACTION_LABELS, ENTITY_LABELS, formatIndiaDateTime };

const VERBS: Partial<Record<AuditAction | 'restore', string>> = {
  create: 'created',
  update: 'changed',
  void: 'voided',
  delete: 'deleted',
  status: 'changed',
  approve: 'approved',
  archive: 'archived',
  restore: 'restored',
  'sign-in': 'signed in',
  'sign-in-failed': 'failed to sign in',
  'sign-out': 'signed out',
  password: 'changed the password',
};

/** The record an entry is about: `Purchase #12`. */
export function recordName(entry: Pick<AuditEntryDto, 'entity' | 'entityId'>): string {
  const label = ENTITY_LABELS[entry.entity] ?? entry.entity;
  // A sign-in's number is the account's, not a record anybody can look up: `Sign-in #2` only puzzles.
  return entry.entityId === null || entry.entity === 'session' ? label : `${label} #${entry.entityId}`;
}

/** `Amount from ₹ 1,20,000.00 to ₹ 1,02,000.00, Mode from Cash to Cheque` (labels and values: domain's audit-text). */
function changedText(entry: AuditEntryDto): string {
  return (
    auditChangeLines(entry.changes)
      // A field the same before and after only says which part changed (a receipt's `line_id`): not a change.
      .filter((l) => l.before !== l.after)
      .map((l) => (l.before === null ? `${l.label} to ${l.after}` : `${l.label} from ${l.before} to ${l.after}`))
      .join(', ')
  );
}

/**
 * The values a record was created or deleted with (`Amount: ₹ 18,500.00; Mode: Cash`), shown under its sentence;
 * empty for a change or a void (the sentence says it all).
 */
export function auditDetails(entry: AuditEntryDto): string {
  // A change names its fields in the sentence; a void's only change is the flag the sentence already says, and an
  // archive's (or restore's) are its time, who and the reason the sentence already gives.
  if (['update', 'status', 'void', 'archive', 'restore'].includes(entry.action)) return '';
  const changes = withoutKeys(entry.changes);
  return describeChanges(entry.action === 'create' ? withoutZeros(changes) : changes);
}

/** A new record's empty figures (a cash sale's `EMI total: ₹ 0.00`, `Installments: 0`) say nothing: left out. */
function withoutZeros(changes: AuditEntryDto['changes']): AuditEntryDto['changes'] {
  return Object.fromEntries(Object.entries(changes).filter(([, [, after]]) => after !== 0 && after !== '0'));
}

/**
 * The changes without the keys that link a row to others (`project_id: 1`, `partner_id: 3`): numbers nobody on the
 * screen can read; the record's own list already shows its project and partner by name. The export keeps them.
 */
function withoutKeys(changes: AuditEntryDto['changes']): AuditEntryDto['changes'] {
  return Object.fromEntries(Object.entries(changes ?? {}).filter(([field]) => !/(^|_)id$|Id$|_by$/.test(field)));
}

/** A restore is an archive row whose change clears `archived_at`. */
function verbOf(entry: AuditEntryDto): string {
  if (entry.action === 'archive') {
    const archived = entry.changes.archived_at ?? entry.changes.archivedAt;
    if (archived && archived[1] === null) return 'restored';
  }
  return VERBS[entry.action] ?? entry.action;
}

/**
 * What was done, without the time: `Asha Kulkarni changed Amount from ₹ 1,20,000.00 to ₹ 1,02,000.00: typo in
 * cheque amount`. `withRecord` names the record (the Audit page); a History drawer is about one record already.
 */
export function auditSentence(entry: AuditEntryDto, { withRecord = false } = {}): string {
  const who = entry.userName ?? 'Someone';
  const verb = verbOf(entry);
  const record = withRecord ? recordName(entry) : 'this record';
  const changed = entry.action === 'update' || entry.action === 'status' ? changedText(entry) : '';
  let what: string;
  if (entry.entity === 'session' || entry.action === 'password') what = `${who} ${verb}`;
  else if (changed) what = withRecord ? `${who} ${verb} ${changed} on ${record}` : `${who} ${verb} ${changed}`;
  else what = `${who} ${verb} ${record}`;
  return entry.reason ? `${what}: ${entry.reason}` : what;
}

/** The whole line of a History drawer: `27/11/2026 14:05 — Asha Kulkarni changed …`. */
export function historyLine(entry: AuditEntryDto): string {
  return `${formatIndiaDateTime(entry.at)} — ${auditSentence(entry)}`;
}

/** `₹ 1,02,000.00` kept on one line where a sentence wraps (a no-break space after the sign). */
export const keepRupeesTogether = (text: string): string => text.replace(/₹ /g, '₹\u00a0');
