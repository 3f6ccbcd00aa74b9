import { badRequest } from '../../lib/app-error.js';
import { type Mailer, secretLine } from '../../lib/mail.js';
import { dummyPasswordHash, generatePassword, hashPassword, verifyPassword } from '../../lib/passwords.js';
import { type PlatformTrail, recordPlatformChange } from '../../lib/platform-audit.js';
import type { Account, AccountStore } from './auth.repository.js';
import { type AuthDeps, assertMaySignIn, releasedOnError } from './auth.service.js';
import { throttleKey } from './sign-in-link.service.js';

const TEMP_PASSWORD_LIFETIME_MS = 24 * 60 * 60 * 1000;
/** At most one temporary password per account in this time, like the sign-in link. */
const TEMP_PASSWORD_RESEND_AFTER_MS = 10 * 60 * 1000;

/**
 * Changes a password given the old one; throttled like sign-in, since a right guess takes the account. A super
 * admin's change (`trail` given) is recorded in the platform trail.
 */
export async function resetPassword(
  deps: Pick<AuthDeps, 'throttle'>,
  store: AccountStore,
  input: { emailId: string; oldPwd: string; newPwd: string },
  ip: string,
  trail?: PlatformTrail,
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
  if (trail) {
    await recordPlatformChange(
      trail.db,
      { ...trail.actor, userId: account.id, userName: account.name },
      { entity: 'session', entityId: account.id, action: 'password', reason: 'Password changed' },
    );
  }
  return { message: 'Password reset successful!' };
}

export const FORGOT_PASSWORD_ANSWER =
  'If an account exists for this email, a temporary password has been sent to it. It is valid for 24 hours.';

/**
 * Mails a temporary password; the current one keeps working, so a stranger cannot lock anyone out. Every email
 * takes the same path until the answer: look the account up and hash a new temporary password. Storing it and
 * mailing it, which only a known account needs, happen after the answer, so its time does not tell a stranger
 * which emails have accounts, nor whether one was mailed a temporary password a short while ago (then nothing is
 * stored or mailed, and the one it holds is kept). A super admin's temporary password (`trail` given) is recorded in
 * the platform trail when it is stored.
 */
export async function forgotPassword(
  deps: AuthDeps,
  store: AccountStore,
  email: string,
  loginUrl: string,
  trail?: PlatformTrail,
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
        if (trail) {
          await recordPlatformChange(trail.db, trail.actor, {
            entity: 'session',
            entityId: account.id,
            action: 'password',
            reason: 'Temporary password mailed (forgot password)',
          });
        }
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
