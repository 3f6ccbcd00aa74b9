import { badRequest } from '../../lib/app-error.js';
import type { BackgroundTasks } from '../../lib/background.js';
import { LOGIN_LINK_LIFETIME_MS } from '../../lib/login-links.js';
import type { LoginThrottle } from '../../lib/login-throttle.js';
import { type Mailer, secret } from '../../lib/mail.js';
import { dummyPasswordHash, verifyPassword } from '../../lib/passwords.js';
import type { Account, AccountStore } from './auth.repository.js';

interface LinkDeps {
  throttle: LoginThrottle;
  mailer: Mailer;
  background: BackgroundTasks;
}

/** The throttle's name for an account: the email scoped by company, so one company's lock-out is its own. */
export const throttleKey = (store: AccountStore, email: string) => `${throttleScope(store.tenantId)}${email}`;

/** The start of every throttle key of a company (or of the platform's super admins). */
export const throttleScope = (tenantId: string | null) => `${tenantId ?? 'platform'}:`;

/**
 * At the account's ceiling, from a new address: when the password is right, mails the owner a one-time link that
 * lets this address sign in. The mail goes after the answer and the password is checked either way (against a
 * stand-in hash for an unknown email), so neither the answer nor its time tells whether the account exists or the
 * password was right. A guesser never has the password, so cannot make the owner's mailbox fill up; the throttle
 * keeps it to one link per account every few minutes anyway.
 */
export async function offerSignInLink(
  deps: LinkDeps,
  store: AccountStore,
  key: string,
  ip: string,
  account: Account | undefined,
  password: string,
  origin: string,
): Promise<void> {
  const isRight = await verifyPassword(account?.passwordHash ?? (await dummyPasswordHash()), password);
  if (!account || !isRight || !account.enabled) return;
  deps.background.run('sign-in link', async () => {
    const token = await deps.throttle.links.issue(key, ip);
    if (!token) return;
    const minutes = LOGIN_LINK_LIFETIME_MS / 60_000;
    await deps.mailer.send({
      to: account.email,
      subject: 'Allow a new device to sign in to Plotbook',
      lines: [
        `Hello ${account.name},`,
        '',
        `Someone signed in to your Plotbook account${store.tenantId ? ` at ${store.tenantId}` : ''} with your password from a device it has not seen before.`,
        'Sign-ins from new devices are paused for this account, because of many wrong passwords from elsewhere.',
        '',
        `If it was you, open this link within ${minutes} minutes to allow that device, then sign in again there:`,
        [`${origin}/login-link?token=`, secret(token)],
        '',
        'If it was not you, do not open the link, and change your password: someone else knows it.',
      ],
    });
  });
}

/**
 * Opens a mailed sign-in link on the host of its company: the address that asked for it (and the one opening it)
 * become known to the account, so they pass its ceiling; the password is still needed to sign in.
 */
export async function openSignInLink(
  throttle: LoginThrottle,
  tenantId: string | null,
  token: string,
  ip: string,
): Promise<{ message: string }> {
  const link = await throttle.links.redeem(token, throttleScope(tenantId));
  if (!link) {
    throw badRequest('This sign-in link was already used or has expired. Sign in again to get a new one.', {
      token: 'This sign-in link is invalid or has expired.',
    });
  }
  await throttle.succeeded(link.account, link.address);
  if (ip !== link.address) await throttle.succeeded(link.account, ip);
  return { message: 'Your device may sign in now. Sign in again with your email and password.' };
}
