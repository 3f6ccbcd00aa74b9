import { z } from 'zod';
import { optionalText, requiredText } from './common.js';

/**
 * Archive, not delete (issue 19): a project, plot or partner that money refers to is archived with a reason, kept
 * in the reports and the history, left out of the pickers, and may be restored.
 */
export const archiveInputSchema = z.object({ reason: requiredText('Reason', 500) });
export type ArchiveInput = z.infer<typeof archiveInputSchema>;
/** A restore may say why; the body may be left out. */
export const restoreInputSchema = z.preprocess((body) => body ?? {}, z.object({ reason: optionalText(500) }));
export type RestoreInput = z.infer<typeof restoreInputSchema>;

/** `?archived=include` on a picker's list also lists the archived records (each with its `archivedAt`). */
export const archivedQuerySchema = z.object({ archived: z.enum(['include']).optional() });
export type ArchivedQuery = z.infer<typeof archivedQuerySchema>;

/** The fields every archivable record's row carries: when it was archived (ISO) and why, or null. */
export const archivedFields = {
  archivedAt: z.string().nullable(),
  archiveReason: z.string().nullable(),
};

/** Archived or restored. */
export const archiveResultSchema = z.object({ message: z.string(), archivedAt: z.string().nullable() });
export type ArchiveResultDto = z.output<typeof archiveResultSchema>;

/** The 409 of writing money against an archived record. */
export const archivedMessage = (what: string) => `${what} is archived; restore it before recording money against it.`;
