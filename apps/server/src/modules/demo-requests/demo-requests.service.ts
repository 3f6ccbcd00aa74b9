import type { Multipart } from '@fastify/multipart';
import {
  type CreateDemoRequestResponse,
  createDemoRequestSchema,
  DEMO_LOGO_MAX_BYTES,
  type DemoRequest,
  type DemoRequestStatus,
} from '@plotbook/domain';
import type { Kysely } from 'kysely';
import type { z } from 'zod';
import { AppError, badRequest, conflict } from '../../lib/app-error.js';
import type { Mailer } from '../../lib/mail.js';
import {
  completeDemoRequest,
  findDemoRequest,
  findDemoRequestLogo,
  insertDemoRequest,
  listDemoRequests,
  updateDemoRequestStatus,
} from './demo-requests.repository.js';
import { detectImageType } from './image-type.js';

export const LOGO_TOO_LARGE = 'The logo must be at most 1 MB.';
export const LOGO_NOT_AN_IMAGE = 'The logo must be a JPEG, PNG or WebP image.';
const LOGO_FIELD = 'companyLogo';

/** Limits handed to @fastify/multipart for the public form: one small file, a few short fields. */
export const DEMO_FORM_LIMITS = {
  fileSize: DEMO_LOGO_MAX_BYTES,
  files: 1,
  fields: 20,
  fieldSize: 2000,
  fieldNameSize: 100,
  parts: 21,
} as const;

export interface DemoRequestForm {
  fields: Record<string, string>;
  logo: Uint8Array | null;
}

/** Turns @fastify/multipart's limit errors into messages a visitor can act on. */
function multipartError(error: unknown): unknown {
  const code = (error as { code?: string }).code;
  if (code === 'FST_REQ_FILE_TOO_LARGE') return new AppError('PAYLOAD_TOO_LARGE', LOGO_TOO_LARGE);
  if (code === 'FST_FILES_LIMIT') return new AppError('PAYLOAD_TOO_LARGE', 'Send at most one file: the company logo.');
  if (code === 'FST_FIELDS_LIMIT' || code === 'FST_PARTS_LIMIT') {
    return new AppError('PAYLOAD_TOO_LARGE', 'The form has too many fields.');
  }
  return error;
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

function invalidInput(error: z.ZodError): AppError {
  const fields: Record<string, string> = {};
  for (const issue of error.issues) {
    const field = String(issue.path[0] ?? 'body');
    fields[field] ??= issue.message;
  }
  return badRequest(Object.values(fields)[0] ?? 'Invalid input.', fields);
}

/** Validates the form, then the logo by its bytes (JPEG, PNG or WebP only), and stores a PENDING request. */
export async function createDemoRequest(
  db: Kysely<unknown>,
  form: DemoRequestForm,
): Promise<CreateDemoRequestResponse> {
  const parsed = createDemoRequestSchema.safeParse(form.fields);
  if (!parsed.success) throw invalidInput(parsed.error);
  let logo = null;
  if (form.logo) {
    if (form.logo.length > DEMO_LOGO_MAX_BYTES) throw new AppError('PAYLOAD_TOO_LARGE', LOGO_TOO_LARGE);
    const type = detectImageType(form.logo);
    if (!type) throw new AppError('UNSUPPORTED_MEDIA_TYPE', LOGO_NOT_AN_IMAGE, { [LOGO_FIELD]: LOGO_NOT_AN_IMAGE });
    logo = { bytes: form.logo, type };
  }
  const id = await insertDemoRequest(db, { ...parsed.data, logo });
  return { id, email: parsed.data.email, status: 'PENDING' };
}

export const getDemoRequests = listDemoRequests;

export async function getDemoRequestLogo(db: Kysely<unknown>, id: number) {
  const logo = await findDemoRequestLogo(db, id);
  if (!logo) throw new AppError('NOT_FOUND', 'This demo request has no logo.');
  return logo;
}

const COMPLETED_IS_FINAL = 'This demo request is completed (its company was created), so its status cannot change.';

/** Sets a request's status; a COMPLETED request stays COMPLETED. */
export async function changeDemoRequestStatus(
  db: Kysely<unknown>,
  id: number,
  status: DemoRequestStatus,
): Promise<DemoRequest> {
  const current = await findDemoRequest(db, id);
  if (!current) throw new AppError('NOT_FOUND', 'Demo request not found.');
  if (current.status === 'COMPLETED') {
    if (status === 'COMPLETED') return current;
    throw conflict(COMPLETED_IS_FINAL, { status: COMPLETED_IS_FINAL });
  }
  // The update skips COMPLETED rows, so a tenant created meanwhile is never undone.
  if (!(await updateDemoRequestStatus(db, id, status)))
    throw conflict(COMPLETED_IS_FINAL, { status: COMPLETED_IS_FINAL });
  return { ...current, status };
}

// ---- the hook used when a tenant is created from a demo request ----

const pendingRefusal = (status: DemoRequestStatus) =>
  status === 'COMPLETED'
    ? 'This demo request is already completed: its company was created.'
    : 'This demo request was cancelled. Set it back to PENDING before creating its company.';

/** The request a new tenant is created from; 404 when unknown, 409 unless it is PENDING. */
export async function findPendingDemoRequest(db: Kysely<unknown>, id: number): Promise<DemoRequest> {
  const request = await findDemoRequest(db, id);
  if (!request) {
    throw new AppError('NOT_FOUND', 'Demo request not found.', { demoRequestId: 'Demo request not found.' });
  }
  if (request.status !== 'PENDING') {
    const message = pendingRefusal(request.status);
    throw conflict(message, { demoRequestId: message });
  }
  return request;
}

/** Marks the request COMPLETED by `tenantId`, in the caller's transaction; 409 when it stopped being PENDING. */
export async function markDemoRequestCompleted(db: Kysely<unknown>, id: number, tenantId: string): Promise<void> {
  if (!(await completeDemoRequest(db, id, tenantId))) {
    const current = await findDemoRequest(db, id);
    const message = current ? pendingRefusal(current.status) : 'Demo request not found.';
    throw conflict(message, { demoRequestId: message });
  }
}

/** Tells the visitor who asked for the demo where their company now lives and how to sign in. */
export async function mailRequesterTenantReady(
  mailer: Mailer,
  request: DemoRequest,
  tenant: { tenantId: string; tenantOrigin: string; initialAdminEmail: string | null },
): Promise<void> {
  const loginUrl = `${tenant.tenantOrigin}/admin/login`;
  const adminLines = tenant.initialAdminEmail
    ? [
        `The administrator account is ${tenant.initialAdminEmail}.`,
        'Its password was sent in a separate email; you will be asked to choose a new one at the first sign-in.',
      ]
    : ['Your administrator account will be set up by the Plotbook team, who will send its sign-in details.'];
  await mailer.send({
    to: request.email,
    subject: `Your Plotbook company ${tenant.tenantId} is ready`,
    text: [
      `Hello ${request.name},`,
      '',
      `Thank you for your interest in Plotbook. ${request.companyName} now has its own Plotbook address:`,
      `${tenant.tenantOrigin}/`,
      '',
      `Administrators sign in at ${loginUrl}`,
      ...adminLines,
    ].join('\n'),
  });
}
