import type { LoginResponse, MasterLoginResponse } from '@plotbook/domain';
import { AppError, forbidden } from '../../lib/app-error.js';
import type { BackgroundTasks } from '../../lib/background.js';
import { type LoginThrottle, signInLinkCeiling } from '../../lib/login-throttle.js';
import type { Mailer } from '../../lib/mail.js';
import { dummyPasswordHash, verifyPassword } from '../../lib/passwords.js';
import { type PlatformTrail, platformFailedSignIns, recordPlatformChange } from '../../lib/platform-audit.js';
import type { TokenService } from '../../lib/tokens.js';
import {
  type Account,
  type AccountStore,
  FAILED_SIGN_IN_TRAIL_CAP,
  FAILED_SIGN_IN_TRAIL_WINDOW_MS,
} from './auth.repository.js';
import { offerSignInLink, throttleKey } from './sign-in-link.service.js';

/**
 * Signing in: the password (or a pending temporary one), throttled, then a token. Passwords (change, forgot)
 * live in passwords.service.ts, new accounts in new-users.service.ts, one-time sign-in links in
 * sign-in-link.service.ts.
 */
export interface AuthDeps {
  tokens: TokenService;
  mailer: Mailer;
  throttle: LoginThrottle;
  background: BackgroundTasks;
}

const INVALID_LOGIN = 'Invalid email or password.';

/** A right password is not enough: the account must be enabled, its email verified and its owner approved. */
export function assertMaySignIn(account: Account) {
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
export async function releasedOnError<T>(
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
  try {
    const signedIn = await checkPassword(deps, store, key, ceiling, account, password, { ip, origin });
    await store.recordSignIn({ account, email, failure: null, ip });
    return signedIn;
  } catch (error) {
    // A refusal (wrong password, ceiling, disabled account) is a failed sign-in: its row is written on its own.
    if (error instanceof AppError) await store.recordSignIn({ account, email, failure: error.message, ip });
    throw error;
  }
}

async function checkPassword(
  deps: AuthDeps,
  store: AccountStore,
  key: string,
  ceiling: AppError | null,
  account: Account | undefined,
  password: string,
  { ip, origin }: { ip: string; origin: string },
): Promise<SignInResult> {
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

/**
 * Whether a refused sign-in on the platform's host gets a platform trail row. Not when the throttle refused it (a
 * 429: no password was judged, and a flood of them would add a row each), nor once its address has
 * `FAILED_SIGN_IN_TRAIL_CAP` failed rows in the window (made-up emails pass the throttle, which counts per email):
 * an anonymous client may not grow the trail, which is never pruned, without bound. The rows already there show
 * the address at work.
 */
async function mayRecordPlatformFailure(trail: PlatformTrail, error: AppError, ip: string): Promise<boolean> {
  if (error.code === 'RATE_LIMITED') return false;
  const since = new Date(Date.now() - FAILED_SIGN_IN_TRAIL_WINDOW_MS);
  return (await platformFailedSignIns(trail.db, ip, since, FAILED_SIGN_IN_TRAIL_CAP)) < FAILED_SIGN_IN_TRAIL_CAP;
}

/**
 * An admin's sign-in. On the platform's host (`trail` given) every attempt is recorded in the platform trail: the
 * super admin signed in, or a refused attempt with the email typed and the refusal as its reason.
 */
export async function masterLogin(
  deps: AuthDeps,
  store: AccountStore,
  email: string,
  password: string,
  where: { ip: string; origin: string },
  trail?: PlatformTrail,
): Promise<MasterLoginResponse> {
  let signedIn: SignInResult;
  try {
    signedIn = await signIn(deps, store, email, password, where);
    if (signedIn.account.role !== 'SUPER_ADMIN' && signedIn.account.role !== 'TENANT_ADMIN') {
      throw forbidden('Unauthorized role. This sign-in is for SUPER_ADMIN and TENANT_ADMIN only.');
    }
  } catch (error) {
    if (trail && error instanceof AppError && (await mayRecordPlatformFailure(trail, error, where.ip))) {
      await recordPlatformChange(trail.db, trail.actor, {
        entity: 'session',
        entityId: null,
        action: 'sign-in-failed',
        changes: { email: [null, email] },
        reason: error.message,
      });
    }
    throw error;
  }
  const { account, token, resetPasswordRequired } = signedIn;
  if (trail) {
    await recordPlatformChange(
      trail.db,
      { ...trail.actor, userId: account.id, userName: account.name },
      { entity: 'session', entityId: account.id, action: 'sign-in' },
    );
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
