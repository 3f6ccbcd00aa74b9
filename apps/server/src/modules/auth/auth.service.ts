import type { LoginResponse, MasterLoginResponse } from '@plotbook/domain';
import type { TenantDb } from '../../db/tenancy.js';
import { AppError, badRequest, conflict, forbidden } from '../../lib/app-error.js';
import type { LoginThrottle } from '../../lib/login-throttle.js';
import type { Mailer } from '../../lib/mail.js';
import { dummyPasswordHash, generatePassword, hashPassword, verifyPassword } from '../../lib/passwords.js';
import type { TokenService } from '../../lib/tokens.js';
import { type Account, type AccountStore, insertUser, type NewUser } from './auth.repository.js';

export interface AuthDeps {
  tokens: TokenService;
  mailer: Mailer;
  throttle: LoginThrottle;
}

const TEMP_PASSWORD_LIFETIME_MS = 24 * 60 * 60 * 1000;
const INVALID_LOGIN = 'Invalid email or password.';

interface SignInResult {
  account: Account;
  token: string;
  resetPasswordRequired: boolean;
}

/**
 * Checks the password (or an unexpired temporary one from forgot-password, which forces a reset), with
 * failed attempts throttled per IP and per email. Unknown emails cost the same time as wrong passwords.
 */
async function signIn(
  deps: AuthDeps,
  store: AccountStore,
  email: string,
  password: string,
  ip: string,
): Promise<SignInResult> {
  const throttleKey = `${store.tenantId ?? 'platform'}:${email}`;
  deps.throttle.begin(ip, throttleKey);
  const account = await store.findByEmail(email);
  if (!account) {
    await verifyPassword(await dummyPasswordHash(), password);
    throw new AppError('UNAUTHORIZED', INVALID_LOGIN);
  }
  let usedTemporary = false;
  let isValid = await verifyPassword(account.passwordHash, password);
  if (
    !isValid &&
    account.tempPasswordHash &&
    account.tempPasswordExpiresAt &&
    account.tempPasswordExpiresAt > new Date()
  ) {
    isValid = await verifyPassword(account.tempPasswordHash, password);
    usedTemporary = isValid;
  }
  if (!isValid) throw new AppError('UNAUTHORIZED', INVALID_LOGIN);
  deps.throttle.succeeded(ip, throttleKey);
  if (!account.enabled) throw forbidden('Your account is disabled. Please contact your administrator.');

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
  ip: string,
): Promise<LoginResponse> {
  const { account, token, resetPasswordRequired } = await signIn(deps, store, emailId, password, ip);
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
  ip: string,
): Promise<MasterLoginResponse> {
  const { account, token, resetPasswordRequired } = await signIn(deps, store, email, password, ip);
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
  const throttleKey = `${store.tenantId ?? 'platform'}:${emailId}`;
  deps.throttle.begin(ip, throttleKey);
  const account = await store.findByEmail(emailId);
  const isValid = account
    ? await verifyPassword(account.passwordHash, oldPwd)
    : await verifyPassword(await dummyPasswordHash(), oldPwd);
  if (!account || !isValid)
    throw badRequest('Old password is incorrect or user not found.', { oldPwd: 'Old password is incorrect.' });
  deps.throttle.succeeded(ip, throttleKey);
  if (!account.enabled) throw forbidden('Your account is disabled. Please contact your administrator.');
  if (oldPwd === newPwd)
    throw badRequest('New password must be different from the old password.', { newPwd: 'Choose a new password.' });
  await store.setPassword(account.id, await hashPassword(newPwd), false);
  return { message: 'Password reset successful!' };
}

export const FORGOT_PASSWORD_ANSWER =
  'If an account exists for this email, a temporary password has been sent to it. It is valid for 24 hours.';

/** Mails a temporary password; the current one keeps working, so a stranger cannot lock anyone out. */
export async function forgotPassword(
  deps: AuthDeps,
  store: AccountStore,
  email: string,
  loginUrl: string,
): Promise<{ message: string }> {
  const account = await store.findByEmail(email);
  if (account?.enabled) {
    const temporary = generatePassword();
    await store.setTempPassword(
      account.id,
      await hashPassword(temporary),
      new Date(Date.now() + TEMP_PASSWORD_LIFETIME_MS),
    );
    await deps.mailer.send({
      to: account.email,
      subject: 'Your Plotbook temporary password',
      text: [
        `Hello ${account.name},`,
        '',
        'Someone asked to reset the password of your Plotbook account.',
        `Temporary password: ${temporary}`,
        '',
        `Sign in at ${loginUrl} within 24 hours; you will be asked to choose a new password.`,
        'If it was not you, ignore this email: your current password still works.',
      ].join('\n'),
    });
  }
  return { message: FORGOT_PASSWORD_ANSWER };
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

/**
 * Creates a tenant user. Without a password, one is generated and mailed and the first sign-in must reset it.
 * The mail goes out after the user is committed (the outbox lives in the platform schema, outside the tenant
 * transaction); if it cannot be sent, the user is removed again so nothing half-made remains.
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
  const inserted = await run((tdb) => insertUser(tdb, user));
  if (!inserted)
    throw conflict('Email already exists in this tenant.', { emailId: 'Email already exists in this tenant.' });
  if (generated) {
    try {
      await mailer.send({
        to: input.emailId,
        subject: `Your Plotbook account for ${context.tenantId}`,
        text: [
          `Hello ${input.userName},`,
          '',
          `An account was created for you at ${context.tenantId} on Plotbook.`,
          `Email: ${input.emailId}`,
          `Password: ${generated}`,
          '',
          `Sign in at ${context.loginUrl}; you will be asked to choose a new password.`,
        ].join('\n'),
      });
    } catch (error) {
      await run((tdb) => tdb.deleteFrom('users').where('id', '=', inserted.id).execute());
      throw error;
    }
  }
  return { id: inserted.id, passwordGenerated: generated !== undefined };
}
