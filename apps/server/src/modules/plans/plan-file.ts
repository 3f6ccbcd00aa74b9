import { PLAN_MAX_BYTES, PLAN_TOO_LARGE, PLAN_WRONG_TYPE, type PlanKind, type PlanMimeType } from '@plotbook/domain';
import { AppError, badRequest } from '../../lib/app-error.js';
import { sanitizePlanSvg } from './plan-svg.js';

const startsWith = (bytes: Uint8Array, signature: readonly number[], offset = 0) =>
  bytes.length >= offset + signature.length && signature.every((b, i) => bytes[offset + i] === b);
const ascii = (text: string) => [...text].map((c) => c.charCodeAt(0));

const TYPE_NAMES: Record<PlanMimeType, string> = {
  'image/svg+xml': 'an SVG drawing',
  'image/png': 'a PNG image',
  'image/jpeg': 'a JPEG image',
  'image/webp': 'a WebP image',
};

/**
 * What the bytes are, by their signature: PNG, JPEG, WebP, else (text that may be XML) SVG, else null. The file's
 * name and the declared type are never trusted for it.
 */
export function detectPlanType(bytes: Uint8Array): PlanMimeType | null {
  if (startsWith(bytes, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return 'image/png';
  if (startsWith(bytes, [0xff, 0xd8, 0xff])) return 'image/jpeg';
  if (startsWith(bytes, ascii('RIFF')) && startsWith(bytes, ascii('WEBP'), 8)) return 'image/webp';
  // An SVG is text starting (after a byte-order mark and white space) with `<`: an XML declaration, a comment or <svg>.
  let i = startsWith(bytes, [0xef, 0xbb, 0xbf]) ? 3 : 0;
  while (i < bytes.length && [0x20, 0x09, 0x0a, 0x0d].includes(bytes[i] as number)) i += 1;
  return bytes[i] === 0x3c ? 'image/svg+xml' : null;
}

export interface PlanFile {
  kind: PlanKind;
  mime: PlanMimeType;
  content: Buffer;
}

/**
 * The plan to store from an upload: the declared type must be the bytes' own; an SVG is stored as cleaned
 * (`sanitizePlanSvg`), an image as it came.
 */
export function readPlanFile(declared: string | undefined, bytes: Buffer): PlanFile {
  if (bytes.length === 0) throw badRequest('The plan file is empty.');
  if (bytes.length > PLAN_MAX_BYTES) throw new AppError('PAYLOAD_TOO_LARGE', PLAN_TOO_LARGE);
  const mime = (declared ?? '').split(';')[0]?.trim().toLowerCase() as PlanMimeType;
  if (!(mime in TYPE_NAMES)) throw new AppError('UNSUPPORTED_MEDIA_TYPE', PLAN_WRONG_TYPE);
  const actual = detectPlanType(bytes);
  if (actual === null) throw badRequest(`The file is not ${TYPE_NAMES[mime]}. ${PLAN_WRONG_TYPE}`);
  if (actual !== mime) {
    throw badRequest(`The file is ${TYPE_NAMES[actual]} but was sent as ${TYPE_NAMES[mime]}. Upload it again.`);
  }
  if (mime !== 'image/svg+xml') return { kind: 'image', mime, content: bytes };
  let text: string;
  try {
    text = new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  } catch {
    throw badRequest('The SVG is not UTF-8 text. Save it again as plain SVG (UTF-8).');
  }
  return { kind: 'svg', mime, content: Buffer.from(sanitizePlanSvg(text), 'utf8') };
}
