import type { FastifyBaseLogger } from 'fastify';
import type { Kysely } from 'kysely';
import nodemailer from 'nodemailer';
import { platformDb } from '../db/tenancy.js';
import { AppError } from './app-error.js';

/** A part of a mail only its recipient may read: a password, a sign-in link's token. */
export interface MailSecret {
  readonly secret: string;
}

export const secret = (value: string): MailSecret => ({ secret: value });

/** A line of a mail: plain text, or parts some of which are secret. */
export type MailLine = string | readonly (string | MailSecret)[];

/** A file sent with a mail (a receipt's PDF); the outbox keeps only its name, type and size. */
export interface MailAttachment {
  filename: string;
  content: Buffer;
  contentType: string;
}

export interface MailMessage {
  to: string;
  subject: string;
  lines: readonly MailLine[];
  attachments?: readonly MailAttachment[];
}

/** The outbox's note of a mail's attachments: one line each, `Attachment: RCT-26-27-00042.pdf (application/pdf, 24 KB)`. */
const attachmentLines = (message: MailMessage) =>
  (message.attachments ?? []).map(
    (a) => `Attachment: ${a.filename} (${a.contentType}, ${Math.max(1, Math.round(a.content.length / 1024))} KB)`,
  );

/**
 * A line whose every interpolated value is a secret: secretLine`Temporary password: ${temporary}`. The mail code
 * says which parts are secret, so nothing has to guess them from the text later.
 */
export function secretLine(strings: TemplateStringsArray, ...secrets: string[]): MailLine {
  const parts: (string | MailSecret)[] = [];
  strings.forEach((text, i) => {
    if (text) parts.push(text);
    const value = secrets[i];
    if (value !== undefined) parts.push(secret(value));
  });
  return parts;
}

/** What the outbox shows in place of a secret. */
export const MASKED_SECRET = '••••••••';

/** The mail's text: as sent to the recipient, or with its secrets masked (for a copy anyone else may read). */
export function mailText(message: Pick<MailMessage, 'lines'>, secrets: 'shown' | 'masked'): string {
  return message.lines
    .map((line) =>
      typeof line === 'string'
        ? line
        : line
            .map((part) => (typeof part === 'string' ? part : secrets === 'shown' ? part.secret : MASKED_SECRET))
            .join(''),
    )
    .join('\n');
}

/**
 * What the super admin is told when a mail carrying a company admin's password went to the outbox, where the
 * password is masked: nobody can read it, so the admin cannot sign in with it.
 */
export const PASSWORD_NOT_MAILED =
  'Mail is not sent: SMTP is not configured, so nobody can read the password. Add an admin with a password you choose (Tenant Users → Add New User), or configure SMTP_URL.';

export interface Mailer {
  readonly transport: 'smtp' | 'outbox';
  send(message: MailMessage): Promise<void>;
}

/**
 * With `SMTP_URL` mail goes out over SMTP. Without it, mail is kept in the platform outbox table (shown to the
 * super admin under Platform Settings) with its secrets masked: the outbox is not the recipient's mailbox, so
 * the passwords and sign-in links of company users are never stored or shown there. Only the recipient and
 * subject are logged, never the body.
 */
export function createMailer(options: {
  smtpUrl?: string;
  from: string;
  db: Kysely<unknown>;
  log: FastifyBaseLogger;
}): Mailer {
  if (options.smtpUrl) {
    const transporter = nodemailer.createTransport(options.smtpUrl);
    return {
      transport: 'smtp',
      async send(message) {
        try {
          await transporter.sendMail({
            from: options.from,
            to: message.to,
            subject: message.subject,
            text: mailText(message, 'shown'),
            ...(message.attachments?.length ? { attachments: [...message.attachments] } : {}),
          });
        } catch (error) {
          options.log.error({ err: error, to: message.to }, 'mail delivery failed');
          throw new AppError('UNAVAILABLE', 'The email could not be sent. Please try again later.');
        }
      },
    };
  }
  return {
    transport: 'outbox',
    async send(message) {
      await platformDb(options.db)
        .insertInto('mail_outbox')
        .values({
          recipient: message.to,
          subject: message.subject,
          body: [mailText(message, 'masked'), ...attachmentLines(message)].join('\n'),
        })
        .execute();
      options.log.info({ to: message.to, subject: message.subject }, 'mail kept in outbox');
    },
  };
}
