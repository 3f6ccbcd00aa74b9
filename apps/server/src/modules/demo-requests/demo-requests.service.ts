import {
  type CreateDemoRequestResponse,
  createDemoRequestSchema,
  DEMO_LOGO_MAX_BYTES,
  type DemoRequest,
  type DemoRequestStatus,
} from '@plotbook/domain';
import type { Kysely } from 'kysely';
import { AppError, conflict } from '../../lib/app-error.js';
import type { Actor } from '../../lib/audit.js';
import type { Mailer } from '../../lib/mail.js';
import { recordPlatformChange } from '../../lib/platform-audit.js';
import { invalidInput } from '../../lib/validation.js';
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
/** The form field that carries the logo. */
export const LOGO_FIELD = 'companyLogo';

/** The public form as read from the request: its text fields (first value of each name) and the logo's bytes. */
export interface DemoRequestForm {
  fields: Record<string, string>;
  logo: Uint8Array | null;
}

/**
 * Validates the form, then the logo by its bytes (JPEG, PNG or WebP only), and stores a PENDING request, with its
 * row in the platform trail (the visitor's address; nobody signed in).
 */
export async function createDemoRequest(
  db: Kysely<unknown>,
  form: DemoRequestForm,
  actor: Actor,
): Promise<CreateDemoRequestResponse> {
  const parsed = createDemoRequestSchema.safeParse(form.fields);
  if (!parsed.success) throw invalidInput(parsed.error.issues);
  let logo = null;
  if (form.logo) {
    if (form.logo.length > DEMO_LOGO_MAX_BYTES) throw new AppError('PAYLOAD_TOO_LARGE', LOGO_TOO_LARGE);
    const type = detectImageType(form.logo);
    if (!type) throw new AppError('UNSUPPORTED_MEDIA_TYPE', LOGO_NOT_AN_IMAGE, { [LOGO_FIELD]: LOGO_NOT_AN_IMAGE });
    logo = { bytes: form.logo, type };
  }
  const request = { ...parsed.data, logo };
  const id = await db.transaction().execute(async (trx) => {
    const created = await insertDemoRequest(trx, request);
    await recordPlatformChange(trx, actor, {
      entity: 'demo-request',
      entityId: created,
      action: 'create',
      changes: {
        company_name: [null, request.companyName],
        name: [null, request.name],
        email: [null, request.email],
        city: [null, request.city],
      },
    });
    return created;
  });
  return { id, email: parsed.data.email, status: 'PENDING' };
}

export const getDemoRequests = listDemoRequests;

export async function getDemoRequestLogo(db: Kysely<unknown>, id: number) {
  const logo = await findDemoRequestLogo(db, id);
  if (!logo) throw new AppError('NOT_FOUND', 'This demo request has no logo.');
  return logo;
}

const COMPLETED_IS_FINAL = 'This demo request is completed (its company was created), so its status cannot change.';

/** Sets a request's status (recorded in the platform trail); a COMPLETED request stays COMPLETED. */
export async function changeDemoRequestStatus(
  db: Kysely<unknown>,
  id: number,
  status: DemoRequestStatus,
  actor: Actor,
): Promise<DemoRequest> {
  const current = await findDemoRequest(db, id);
  if (!current) throw new AppError('NOT_FOUND', 'Demo request not found.');
  if (current.status === 'COMPLETED') {
    if (status === 'COMPLETED') return current;
    throw conflict(COMPLETED_IS_FINAL, { status: COMPLETED_IS_FINAL });
  }
  // The update skips COMPLETED rows, so a tenant created meanwhile is never undone.
  const updated = await db.transaction().execute(async (trx) => {
    if (!(await updateDemoRequestStatus(trx, id, status))) return false;
    await recordPlatformChange(trx, actor, {
      entity: 'demo-request',
      entityId: id,
      action: 'status',
      changes: { status: [current.status, status] },
    });
    return true;
  });
  if (!updated) throw conflict(COMPLETED_IS_FINAL, { status: COMPLETED_IS_FINAL });
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

/**
 * Marks the request COMPLETED by `tenantId`, in the caller's transaction, with its row in the platform trail; 409
 * when it stopped being PENDING.
 */
export async function markDemoRequestCompleted(
  db: Kysely<unknown>,
  id: number,
  tenantId: string,
  actor: Actor,
): Promise<void> {
  if (await completeDemoRequest(db, id, tenantId)) {
    await recordPlatformChange(db, actor, {
      entity: 'demo-request',
      entityId: id,
      action: 'status',
      changes: { status: ['PENDING', 'COMPLETED'], tenant_id: [null, tenantId] },
    });
  } else {
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
    lines: [
      `Hello ${request.name},`,
      '',
      `Thank you for your interest in Plotbook. ${request.companyName} now has its own Plotbook address:`,
      `${tenant.tenantOrigin}/`,
      '',
      `Administrators sign in at ${loginUrl}`,
      ...adminLines,
    ],
  });
}
