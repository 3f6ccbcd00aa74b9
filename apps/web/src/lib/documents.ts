import type { DocumentMailedDto } from '@plotbook/domain';
import { api, apiFile } from '@/lib/api-client';
import { saveFile } from '@/lib/save-file';

/** A document the server prints as a PDF (issue 22): a receipt, a buyer's statement as of a date, an allotment letter. */
export type DocumentRef =
  | { kind: 'receipt'; id: number }
  | { kind: 'statement'; id: number; asOf?: string }
  | { kind: 'allotment-letter'; id: number };

const PATHS: Record<DocumentRef['kind'], (id: number) => string> = {
  receipt: (id) => `/payment/${id}/pdf`,
  statement: (id) => `/buyer/${id}/statement/pdf`,
  'allotment-letter': (id) => `/sale/${id}/allotment-letter/pdf`,
};

/** Downloads the PDF under the name the server gave it (`RCT-26-27-00042.pdf`). */
export async function downloadDocument(doc: DocumentRef): Promise<void> {
  const query = doc.kind === 'statement' && doc.asOf ? { asOf: doc.asOf } : undefined;
  const { blob, fileName } = await apiFile(PATHS[doc.kind](doc.id), query ? { query } : {});
  saveFile(blob, fileName ?? `${doc.kind}-${doc.id}.pdf`);
}

/** Mails the PDF to the buyer as an attachment; the answer names the address. */
export function mailDocument(doc: DocumentRef): Promise<DocumentMailedDto> {
  return api.post<DocumentMailedDto>('/document/mail', {
    kind: doc.kind,
    id: doc.id,
    ...(doc.kind === 'statement' && doc.asOf ? { asOf: doc.asOf } : {}),
  });
}
