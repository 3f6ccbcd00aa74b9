import { afterCommit, type TenantDb } from '../../db/tenancy.js';
import { badRequest, conflict } from '../../lib/app-error.js';
import { changedFields, recordChange } from '../../lib/audit.js';
import { type Mailer, type MailLine, secret, secretLine } from '../../lib/mail.js';
import { generatePassword, hashPassword } from '../../lib/passwords.js';
import { hashToken, linkToken } from '../../lib/tokens.js';
import { deleteUser, insertUser, type NewUser, verifyEmail } from './auth.repository.js';

export interface CreateUserInput {
  userName: string;
  emailId: string;
  mobileNumber: string | null;
  city: string | null;
  password?: string | undefined;
  role: 'TENANT_ADMIN' | 'USER';
}

type RunAsTenant = <T>(fn: (tdb: TenantDb) => Promise<T>) => Promise<T>;

type MailMessage = Parameters<Mailer['send']>[0];

/**
 * Inserts a new user and, once it is committed, mails them (the outbox lives in the platform schema, outside the
 * tenant transaction: see afterCommit). If the mail cannot be sent, the user is removed again so nothing
 * half-made remains, and the mailer's error is the caller's.
 */
async function insertUserAndMail(
  run: RunAsTenant,
  mailer: Mailer,
  user: NewUser,
  mail: MailMessage | undefined,
): Promise<{ id: number }> {
  return run(async (tdb) => {
    const inserted = await insertUser(tdb, user);
    if (!inserted)
      throw conflict('Email already exists in this tenant.', { emailId: 'Email already exists in this tenant.' });
    // The trail keeps who the account is and how it starts, never a password or a token.
    const after = {
      user_name: user.userName,
      email_id: user.emailId,
      mobile_number: user.mobileNumber,
      city: user.city,
      role: user.role,
      approved: !user.pending,
      reset_password_required: user.resetPasswordRequired,
    };
    recordChange(tdb, { entity: 'user', entityId: inserted.id, action: 'create', changes: changedFields(null, after) });
    if (mail) {
      afterCommit(tdb, async () => {
        try {
          await mailer.send(mail);
        } catch (error) {
          await run(async (undo) => {
            await deleteUser(undo, inserted.id);
            const reason = 'The mail to the new user could not be sent.';
            recordChange(undo, { entity: 'user', entityId: inserted.id, action: 'delete', reason });
          });
          throw error;
        }
      });
    }
    return inserted;
  });
}

/** The user row of a new account: its own password, or a `generated` one that the first sign-in must replace. */
async function newUser(
  input: Omit<CreateUserInput, 'role'>,
  role: NewUser['role'],
  generated: string | undefined,
): Promise<NewUser> {
  return {
    userName: input.userName,
    emailId: input.emailId,
    mobileNumber: input.mobileNumber,
    city: input.city,
    passwordHash: await hashPassword(input.password ?? (generated as string)),
    role,
    resetPasswordRequired: generated !== undefined,
  };
}

/**
 * Creates a tenant user. Without a password, one is generated and mailed and the first sign-in must reset it;
 * if the mail cannot be sent, the user is removed again (see insertUserAndMail).
 */
export async function createUser(
  run: RunAsTenant,
  mailer: Mailer,
  input: CreateUserInput,
  context: { tenantId: string; loginUrl: string },
): Promise<{ id: number; passwordGenerated: boolean }> {
  const generated = input.password ? undefined : generatePassword();
  const user = await newUser(input, input.role, generated);
  const mail = generated && {
    to: input.emailId,
    subject: `Your Plotbook account for ${context.tenantId}`,
    lines: [
      `Hello ${input.userName},`,
      '',
      `An account was created for you at ${context.tenantId} on Plotbook.`,
      `Email: ${input.emailId}`,
      secretLine`Password: ${generated as string}`,
      '',
      `Sign in at ${context.loginUrl}; you will be asked to choose a new password.`,
    ],
  };
  const inserted = await insertUserAndMail(run, mailer, user, mail || undefined);
  return { id: inserted.id, passwordGenerated: generated !== undefined };
}

const VERIFICATION_LIFETIME_MS = 48 * 60 * 60 * 1000;

/**
 * Self-registration: the new user is pending until a tenant admin approves it. With a chosen password the mail
 * carries a link that verifies the email; without one it carries a generated password, which verifies the email
 * by itself (only its reader can sign in) and must be changed at the first sign-in. As in createUser, the user is
 * removed again if the mail cannot be sent.
 */
export async function registerUser(
  run: RunAsTenant,
  mailer: Mailer,
  input: Omit<CreateUserInput, 'role'>,
  context: { tenantId: string; origin: string },
): Promise<{ message: string }> {
  const generated = input.password ? undefined : generatePassword();
  const token = generated ? undefined : linkToken();
  const user: NewUser = {
    ...(await newUser(input, 'USER', generated)),
    pending: {
      emailVerificationHash: token ? hashToken(token) : null,
      emailVerificationExpiresAt: token ? new Date(Date.now() + VERIFICATION_LIFETIME_MS) : null,
    },
  };
  const approval = `Your company's administrator must approve your account before you can sign in; you will get an email when they do.`;
  const lines: MailLine[] = token
    ? [
        `Hello ${input.userName},`,
        '',
        `You registered for ${context.tenantId} on Plotbook. Open this link within 48 hours to verify your email:`,
        [`${context.origin}/verify-email?token=`, secret(token)],
        '',
        approval,
        'If it was not you, ignore this email.',
      ]
    : [
        `Hello ${input.userName},`,
        '',
        `You registered for ${context.tenantId} on Plotbook.`,
        `Email: ${input.emailId}`,
        secretLine`Password: ${generated as string}`,
        '',
        approval,
        `Then sign in at ${context.origin}/login; you will be asked to choose a new password.`,
      ];
  await insertUserAndMail(run, mailer, user, {
    to: input.emailId,
    subject: token ? 'Verify your email for Plotbook' : `Your Plotbook account for ${context.tenantId}`,
    lines,
  });
  return {
    message: token
      ? 'Registration received! Please check your email and open the link to verify your address. Your company administrator must then approve your account.'
      : 'Registration received! Please check your email for your password. Your company administrator must approve your account before you can sign in.',
  };
}

/** Opens a registration mail's link. */
export async function confirmEmail(run: RunAsTenant, token: string): Promise<{ message: string }> {
  const verified = await run(async (tdb) => {
    const userId = await verifyEmail(tdb, hashToken(token), new Date());
    if (userId !== undefined)
      recordChange(tdb, {
        entity: 'user',
        entityId: userId,
        action: 'update',
        changes: { email_verified: [false, true] },
      });
    return userId !== undefined;
  });
  if (!verified)
    throw badRequest(
      'This verification link was already used or has expired. If you confirmed your email, wait for your administrator to approve your account; otherwise ask them to remove the registration so you can register again.',
      {
        token: 'This verification link is invalid or has expired.',
      },
    );
  return {
    message:
      "Your email is verified. Your company's administrator must approve your account before you can sign in; you will get an email when they do.",
  };
}
