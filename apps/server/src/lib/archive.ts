import type { ArchiveResultDto, AuditEntity } from '@plotbook/domain';
import type { TenantDb } from '../db/tenancy.js';
import { conflict, notFound } from './app-error.js';
import { changedFields, recordChange } from './audit.js';

/** What a repository's archive write answers: the record's name and its archive columns before and after. */
export interface ArchiveWrite {
  name: string;
  before: Record<string, unknown>;
  /** Null when the record already was as asked (archived, or not archived), and nothing was written. */
  after: Record<string, unknown> | null;
}

const NOUNS: Partial<Record<AuditEntity, string>> = { project: 'Project', plot: 'Plot', partner: 'Partner' };

/**
 * The answer to an archive or restore of a project, plot or partner (issue 19): 404 when there is no such record,
 * 409 when it already was as asked, else the change recorded in the audit trail with its reason.
 */
export function archiveAnswer(
  tdb: TenantDb,
  entity: 'project' | 'plot' | 'partner',
  id: number,
  write: ArchiveWrite | undefined,
  action: 'archive' | 'restore',
  reason: string | null,
): ArchiveResultDto {
  const noun = NOUNS[entity] ?? entity;
  if (!write) throw notFound(`${noun} not found.`);
  if (!write.after) {
    throw conflict(action === 'archive' ? `${write.name} is already archived.` : `${write.name} is not archived.`);
  }
  recordChange(tdb, { entity, entityId: id, action, changes: changedFields(write.before, write.after), reason });
  const at = write.after.archived_at;
  return {
    message: action === 'archive' ? `${noun} ${write.name} archived.` : `${noun} ${write.name} restored.`,
    archivedAt: at instanceof Date ? at.toISOString() : null,
  };
}
