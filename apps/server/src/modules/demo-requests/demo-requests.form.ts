import type { Multipart } from '@fastify/multipart';
import { DEMO_LOGO_MAX_BYTES } from '@plotbook/domain';
import { AppError, badRequest } from '../../lib/app-error.js';
import { type DemoRequestForm, LOGO_FIELD, LOGO_TOO_LARGE } from './demo-requests.service.js';

/** Limits handed to @fastify/multipart for the public form: one small file, a few short fields. */
export const DEMO_FORM_LIMITS = {
  fileSize: DEMO_LOGO_MAX_BYTES,
  files: 1,
  fields: 20,
  fieldSize: 2000,
  fieldNameSize: 100,
  parts: 21,
} as const;

export const FORM_UNREADABLE = 'The form could not be read. Please send it again.';

/**
 * Turns @fastify/multipart's limit errors into messages a visitor can act on. Anything else the parser throws
 * (no boundary, a cut-off body, a broken part header) means the body is not a readable form: a 400.
 */
function multipartError(error: unknown): AppError {
  const code = (error as { code?: string }).code;
  if (code === 'FST_REQ_FILE_TOO_LARGE') return new AppError('PAYLOAD_TOO_LARGE', LOGO_TOO_LARGE);
  if (code === 'FST_FILES_LIMIT') return new AppError('PAYLOAD_TOO_LARGE', 'Send at most one file: the company logo.');
  if (code === 'FST_FIELDS_LIMIT' || code === 'FST_PARTS_LIMIT') {
    return new AppError('PAYLOAD_TOO_LARGE', 'The form has too many fields.');
  }
  return badRequest(FORM_UNREADABLE);
}

/**
 * Reads the multipart form into memory: the text fields (first value of each name) and the `companyLogo`
 * file, whose size the parser caps at 1 MB. An empty file part (a form sent with no file chosen) is no logo.
 */
export async function readDemoRequestForm(parts: AsyncIterableIterator<Multipart>): Promise<DemoRequestForm> {
  const fields: Record<string, string> = {};
  let logo: Uint8Array | null = null;
  let unexpectedFile: string | null = null;
  try {
    for await (const part of parts) {
      if (part.type === 'file') {
        const bytes = await part.toBuffer();
        if (part.fieldname !== LOGO_FIELD) unexpectedFile ??= part.fieldname;
        else if (bytes.length > 0) logo = bytes;
      } else if (!Object.hasOwn(fields, part.fieldname)) {
        fields[part.fieldname] = typeof part.value === 'string' ? part.value : String(part.value);
      }
    }
  } catch (error) {
    throw multipartError(error);
  }
  if (unexpectedFile) {
    throw badRequest(`Only the company logo may be uploaded (got a file named ${unexpectedFile}).`, {
      [unexpectedFile]: 'Unexpected file.',
    });
  }
  return { fields, logo };
}
