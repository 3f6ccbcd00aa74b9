import type { FastifyBaseLogger } from 'fastify';
import type { Kysely } from 'kysely';
import nodemailer from 'nodemailer';
import { platformDb } from '../db/tenancy.js';
import { AppError } from './app-error.js';

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
}

export interface Mailer {
  readonly transport: 'smtp' | 'outbox';
  send(message: MailMessage): Promise<void>;
}

/**
 * With `SMTP_URL` mail goes out over SMTP. Without it, mail is kept in the platform outbox table (shown to the
 * super admin under Platform Settings), so a local install still lets people sign in. Only the recipient and
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
          await transporter.sendMail({ from: options.from, ...message });
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
        .values({ recipient: message.to, subject: message.subject, body: message.text })
        .execute();
      // Never the body: it can carry a temporary password. The super admin reads it in the outbox.
      options.log.info({ to: message.to, subject: message.subject }, 'mail kept in outbox');
    },
  };
}
