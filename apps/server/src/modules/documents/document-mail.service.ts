import type { MailDocument } from '@plotbook/domain';
import { afterCommit, type TenantDb } from '../../db/tenancy.js';
import { conflict } from '../../lib/app-error.js';
import { recordChange } from '../../lib/audit.js';
import type { Mailer } from '../../lib/mail.js';
import {
  allotmentDocument,
  type PdfFile,
  type PrintContext,
  receiptDocument,
  statementDocument,
} from './documents.service.js';

const BUILD = {
  receipt: (tdb: TenantDb, m: MailDocument, ctx: PrintContext) => receiptDocument(tdb, m.id, ctx),
  statement: (tdb: TenantDb, m: MailDocument, ctx: PrintContext) => statementDocument(tdb, m.id, m.asOf, ctx),
  'allotment-letter': (tdb: TenantDb, m: MailDocument, ctx: PrintContext) => allotmentDocument(tdb, m.id, ctx),
} satisfies Record<MailDocument['kind'], (tdb: TenantDb, m: MailDocument, ctx: PrintContext) => Promise<PdfFile>>;

/**
 * Mails a document to its buyer as a PDF attachment, after the transaction commits (a rolled-back request mails
 * nothing). The document is made as for a download (its print is logged and counted); the mail is its own trail
 * row (entity 'document', action 'send', to whom). A buyer without an email address is a 409 saying so.
 */
export async function mailDocument(
  tdb: TenantDb,
  mailer: Mailer,
  request: MailDocument,
  ctx: PrintContext,
): Promise<{ message: string; to: string }> {
  const file = await BUILD[request.kind](tdb, request, ctx);
  if (!file.buyerEmail) {
    throw conflict(`${file.buyerName} has no email address: add one on the buyer's page to mail documents.`);
  }
  const to = file.buyerEmail;
  recordChange(tdb, {
    entity: 'document',
    entityId: request.id,
    action: 'send',
    changes: { kind: [null, request.kind], to: [null, to], file: [null, file.fileName] },
  });
  afterCommit(tdb, () =>
    mailer.send({
      to,
      subject: `${file.title} from ${file.companyName}`,
      lines: [
        `Dear ${file.buyerName},`,
        '',
        `Please find attached ${file.title} (${file.fileName}).`,
        '',
        'This is an automated mail; please contact our office for any question.',
      ],
      attachments: [{ filename: file.fileName, content: file.bytes, contentType: 'application/pdf' }],
    }),
  );
  return { message: `${file.title} was mailed to ${to}.`, to };
}
