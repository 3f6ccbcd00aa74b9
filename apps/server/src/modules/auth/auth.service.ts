import type { LoginResponse, MasterLoginResponse } from '@plotbook/domain';
import { afterCommit, type TenantDb } from '../../db/tenancy.js';
import { AppError, badRequest, conflict, forbidden } from '../../lib/app-error.js';
import type { BackgroundTasks } from '../../lib/background.js';
import { type LoginThrottle, signInLinkCeiling } from '../../lib/login-throttle.js';
import { type Mailer, type MailLine, secret, secretLine } from '../../lib/mail.js';
import { dummyPasswordHash, generatePassword, hashPassword, verifyPassword } from '../../lib/passwords.js';
import { hashToken, linkToken, type TokenService } from '../../lib/tokens.js';
import {
  type Account,
  type AccountStore,
  deleteUser,
  insertUser,
  type NewUser,
  verifyEmail,
} from './auth.repository.js';
import { offerSignInLink, throttleKey } from './sign-in-link.service.js';

export interface AuthDeps {
  tokens: TokenService;
  mailer: Mailer;
  throttle: LoginThrottle;
  background: BackgroundTasks;
}

const TEMP_PASSWORD_LIFETIME_MS = 24 * 60 * 60 * 1000;
/** At most one temporary password per account in this time, like the sign-in link. */
const TEMP_PASSWORD_RESEND_AFTER_MS = 10 * 60 * 1000;
const INVALID_LOGIN = 'Invalid email or password.';

/** A right password is not enough: the account must be enabled, its email verified and its owner approved. */
function assertMaySignIn(account: Account) {
  if (!account.enabled) throw forbidden('Your account is disabled. Please contact your administrator.');
  if (!account.emailVerified)
    throw forbidden('Please verify your email first: open the link in the email we sent you when you registered.');
  if (!account.approved)
    throw forbidden(
      "Your account is waiting for approval. Your company's administrator must approve it before you can sign in.",
    );
}

interface SignInResult {
  account: Account;
  token: string;
  resetPasswordRequired: boolean;
}

/**
 * Checks the password (or an unexpired temporary one from forgot-password, which forces a reset), with failed
 * attempts throttled per (account, address) and per account. Only a verified wrong password counts: an error on
 * the way (the database is down) throws before `failed` is reached. Unknown emails cost the same time and count
 * the same as wrong passwords.
 */
async function signIn(
  deps: AuthDeps,
  store: AccountStore,
  email: string,
  password: string,
  where: { ip: string; origin: string },
): Promise<SignInResult> {
  const key = throttleKey(store, email);
  const { ceiling } = await deps.throttle.begin(key, where.ip);
  return releasedOnError(deps.throttle, key, where.ip, () =>
    judgeSignIn(deps, store, key, ceiling, email, password, where),
  );
}

/**
 * Runs the password check of an attempt `begin` claimed. An error that is no verdict on the password (the
 * database failed on the way) gives the claim back, so it counts for nothing.
 */
async function releasedOnError<T>(
  throttle: LoginThrottle,
  key: string,
  ip: string,
  check: () => Promise<T>,
): Promise<T> {
  try {
    return await check();
  } catch (error) {
    if (!(error instanceof AppError)) await throttle.release(key, ip);
    throw error;
  }
}

/**
 * A wrong password costs two hash checks whatever the account's state, so its time does not tell a stranger
 * whether the account exists or has a pending temporary password (which forgot-password stores only for a real
 * account): the password (or a stand-in) and the temporary password (or a stand-in).
 */
async function judgeSignIn(
  deps: AuthDeps,
  store: AccountStore,
  key: string,
  ceiling: AppError | null,
  email: string,
  password: string,
  { ip, origin }: { ip: string; origin: string },
): Promise<SignInResult> {
  const account = await store.findByEmail(email);
  if (ceiling) {
    // Guesses from many addresses have hit this account's ceiling. Its owner can still get in from a new device
    // with the temporary password that forgot-password mailed them (random, so not something a guesser has), or
    // with the right password and the one-time link that it mails; nothing more is counted until the window ends.
    if (await temporaryPasswordMatches(account, password)) {
      return finishSignIn(deps, store, key, ip, account as Account, true);
    }
    await offerSignInLink(deps, store, key, ip, account, password, origin);
    throw signInLinkCeiling(ceiling);
  }
  const isRight = await verifyPassword(account?.passwordHash ?? (await dummyPasswordHash()), password);
  if (account && isRight) return finishSignIn(deps, store, key, ip, account, false);
  if (await temporaryPasswordMatches(account, password)) {
    return finishSignIn(deps, store, key, ip, account as Account, true);
  }
  await deps.throttle.failed(key, ip);
  throw new AppError('UNAUTHORIZED', INVALID_LOGIN);
}

/**
 * Whether the password is the account's unexpired temporary one from forgot-password. It is checked against a
 * stand-in hash when there is none (no account, none pending, expired), so it always costs one hash check.
 */
async function temporaryPasswordMatches(account: Account | undefined, password: string): Promise<boolean> {
  const expiresAt = account?.tempPasswordExpiresAt;
  const pending = account?.tempPasswordHash && expiresAt && expiresAt > new Date() ? account.tempPasswordHash : null;
  const matches = await verifyPassword(pending ?? (await dummyPasswordHash()), password);
  return pending !== null && matches;
}

async function finishSignIn(
  deps: AuthDeps,
  store: AccountStore,
  key: string,
  ip: string,
  account: Account,
  usedTemporary: boolean,
): Promise<SignInResult> {
  await deps.throttle.succeeded(key, ip);
  assertMaySignIn(account);

  let tokenVersion = account.tokenVersion;
  let resetPasswordRequired = account.resetPasswordRequired;
  if (usedTemporary) {
    // The temporary password becomes the password until the forced reset replaces it.
    tokenVersion = await store.setPassword(account.id, account.tempPasswordHash as string, true);
    resetPasswordRequired = true;
  }
  const token = await deps.tokens.sign({
    sub: String(account.id),
    tid: store.tenantId,
    role: account.role,
    ver: tokenVersion,
    // Until the forced reset, the token opens nothing (see plugins/auth.ts).
    ...(resetPasswordRequired ? { rst: true } : {}),
  });
  return { account, token, resetPasswordRequired };
}

export async function login(
  deps: AuthDeps,
  store: AccountStore,
  emailId: string,
  password: string,
  where: { ip: string; origin: string },
): Promise<LoginResponse> {
  const { account, token, resetPasswordRequired } = await signIn(deps, store, emailId, password, where);
  return {
    token,
    user: { userName: account.name, emailId: account.email, role: account.role },
    resetPasswordRequired,
    message: resetPasswordRequired ? 'Login successful. Please reset your password.' : 'Login Successful',
  };
}

export async function masterLogin(
  deps: AuthDeps,
  store: AccountStore,
  email: string,
  password: string,
  where: { ip: string; origin: string },
): Promise<MasterLoginResponse> {
  const { account, token, resetPasswordRequired } = await signIn(deps, store, email, password, where);
  if (account.role !== 'SUPER_ADMIN' && account.role !== 'TENANT_ADMIN') {
    throw forbidden('Unauthorized role. This sign-in is for SUPER_ADMIN and TENANT_ADMIN only.');
  }
  return {
    accessToken: token,
    role: account.role,
    name: account.name,
    email: account.email,
    tenantId: store.tenantId,
    resetPasswordRequired,
  };
}

/** Changes a password given the old one; throttled like sign-in, since a right guess takes the account. */
export async function resetPassword(
  deps: Pick<AuthDeps, 'throttle'>,
  store: AccountStore,
  input: { emailId: string; oldPwd: string; newPwd: string },
  ip: string,
): Promise<{ message: string }> {
  const { emailId, oldPwd, newPwd } = input;
  const key = throttleKey(store, emailId);
  const { ceiling } = await deps.throttle.begin(key, ip);
  if (ceiling) throw ceiling;
  const { account, isValid } = await releasedOnError(deps.throttle, key, ip, async () => {
    const found = await store.findByEmail(emailId);
    const valid = found
      ? await verifyPassword(found.passwordHash, oldPwd)
      : await verifyPassword(await dummyPasswordHash(), oldPwd);
    return { account: found, isValid: valid };
  });
  if (!account || !isValid) {
    await deps.throttle.failed(key, ip);
    throw badRequest('Old password is incorrect or user not found.', { oldPwd: 'Old password is incorrect.' });
  }
  await deps.throttle.succeeded(key, ip);
  assertMaySignIn(account);
  if (oldPwd === newPwd)
    throw badRequest('New password must be different from the old password.', { newPwd: 'Choose a new password.' });
  await store.setPassword(account.id, await hashPassword(newPwd), false);
  return { message: 'Password reset successful!' };
}

export const FORGOT_PASSWORD_ANSWER =
  'If an account exists for this email, a temporary password has been sent to it. It is valid for 24 hours.';

/**
 * Mails a temporary password; the current one keeps working, so a stranger cannot lock anyone out. Every email
 * takes the same path until the answer: look the account up and hash a new temporary password. Storing it and
 * mailing it, which only a known account needs, happen after the answer, so its time does not tell a stranger
 * which emails have accounts, nor whether one was mailed a temporary password a short while ago (then nothing is
 * stored or mailed, and the one it holds is kept).
 */
export async function forgotPassword(
  deps: AuthDeps,
  store: AccountStore,
  email: string,
  loginUrl: string,
): Promise<{ message: string }> {
  const account = await store.findByEmail(email);
  const temporary = generatePassword();
  const temporaryHash = await hashPassword(temporary);
  if (account?.enabled) {
    deps.background.run('forgot-password mail', async () => {
      // One temporary password per account per RESEND_AFTER: a crowd of requests (from many addresses) can neither
      // fill the owner's mailbox nor replace the password just mailed to them. A password issued within it is
      // one that expires later than a lifetime from the window's start.
      const now = Date.now();
      const expiresAt = new Date(now + TEMP_PASSWORD_LIFETIME_MS);
      const issuedRecently = new Date(now - TEMP_PASSWORD_RESEND_AFTER_MS + TEMP_PASSWORD_LIFETIME_MS);
      if (await store.setTempPassword(account.id, temporaryHash, expiresAt, issuedRecently)) {
        await mailTemporaryPassword(deps.mailer, account, temporary, loginUrl);
      }
    });
  }
  return { message: FORGOT_PASSWORD_ANSWER };
}

function mailTemporaryPassword(mailer: Mailer, account: Account, temporary: string, loginUrl: string) {
  return mailer.send({
    to: account.email,
    subject: 'Your Plotbook temporary password',
    lines: [
      `Hello ${account.name},`,
      '',
      'Someone asked to reset the password of your Plotbook account.',
      secretLine`Temporary password: ${temporary}`,
      '',
      `Sign in at ${loginUrl} within 24 hours; you will be asked to choose a new password.`,
      'If it was not you, ignore this email: your current password still works.',
    ],
  });
}

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
    if (mail) {
      afterCommit(tdb, async () => {
        try {
          await mailer.send(mail);
        } catch (error) {
          await run((undo) => deleteUser(undo, inserted.id));
          throw error;
        }
      });
    }
    return inserted;
  });
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
  const user: NewUser = {
    userName: input.userName,
    emailId: input.emailId,
    mobileNumber: input.mobileNumber,
    city: input.city,
    passwordHash: await hashPassword(input.password ?? (generated as string)),
    role: input.role,
    resetPasswordRequired: generated !== undefined,
  };
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
    userName: input.userName,
    emailId: input.emailId,
    mobileNumber: input.mobileNumber,
    city: input.city,
    passwordHash: await hashPassword(input.password ?? (generated as string)),
    role: 'USER',
    resetPasswordRequired: generated !== undefined,
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
  const verified = await run((tdb) => verifyEmail(tdb, hashToken(token), new Date()));
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
