import {
  INKSCAPE_NAMESPACE,
  PLAN_DRAWABLE_ELEMENTS,
  PLAN_SVG_ATTRIBUTES,
  PLAN_SVG_ELEMENTS,
  PLAN_SVG_PRESENTATION,
  planValueIsUnsafe,
  SVG_NAMESPACE,
} from '@plotbook/domain';
import { SaxesParser, type SaxesTagNS } from 'saxes';
import { badRequest } from '../../lib/app-error.js';

/**
 * A plan's SVG, cleaned (issue 21): read by a real XML parser (saxes, namespaces on), then written again from
 * nothing but what the allowlists keep (PLAN_SVG_ELEMENTS, PLAN_SVG_ATTRIBUTES in packages/domain plan.ts):
 * - a DOCTYPE (and so any ENTITY: billion laughs, external entities) is refused outright; an entity the XML
 *   standard does not define is a parse error, so nothing is ever expanded;
 * - any other element (script, foreignObject, use, image, a, style, animate, set, iframe, metadata, defs, …) is
 *   dropped with everything inside it, as is an element of another namespace (sodipodi:namedview);
 * - attributes: only the allowed names without a namespace, plus inkscape:label (a plot's name); never on*, href,
 *   xlink:href or xml:base; a value with url(), javascript:, data:, expression(), @import, a CSS escape or a tag is
 *   dropped; `style` keeps only presentation properties with safe values;
 * - comments, processing instructions and CDATA sections go (CDATA's text is kept as text inside text elements);
 * - a plan with nothing drawable left, more than MAX_ELEMENTS elements or deeper than MAX_DEPTH is refused.
 * The root gets a viewBox from its width and height when it has none, so the web can fit it to any screen.
 */

const ELEMENTS = new Set<string>(PLAN_SVG_ELEMENTS);
const ATTRIBUTES = new Set<string>(PLAN_SVG_ATTRIBUTES);
const PRESENTATION = new Set<string>(PLAN_SVG_PRESENTATION);
const DRAWABLE = new Set<string>(PLAN_DRAWABLE_ELEMENTS);
const TEXT_HOLDERS = new Set(['text', 'tspan', 'title', 'desc']);
const MAX_ELEMENTS = 50_000;
const MAX_DEPTH = 64;

export const SVG_HAS_DOCTYPE = 'The SVG may not declare a DOCTYPE or entities. Save it again as plain SVG.';
export const SVG_NOTHING_TO_DRAW = 'The SVG has nothing to draw once scripts and external references are removed.';
export const SVG_NOT_SVG = 'The file is not an SVG drawing: its first element must be <svg>.';

const escapeText = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
const escapeAttribute = (text: string) => escapeText(text).replace(/"/g, '&quot;');
// C0 controls (but tab, line feed, carriage return) and DEL never belong in an attribute or text.
const stripControls = (text: string) => text.replace(/[^\P{Cc}\t\n\r]/gu, '');

/** `style="fill:#fff; stroke: url(x)"` → the allowed, safe declarations, or null when none is left. */
function cleanStyle(style: string): string | null {
  const kept: string[] = [];
  for (const declaration of style.split(';')) {
    const colon = declaration.indexOf(':');
    if (colon < 0) continue;
    const property = declaration.slice(0, colon).trim().toLowerCase();
    const value = declaration.slice(colon + 1).trim();
    if (!PRESENTATION.has(property) || !value || planValueIsUnsafe(value) || /[{}"';]/.test(value)) continue;
    kept.push(`${property}:${value}`);
  }
  return kept.length > 0 ? kept.join(';') : null;
}

/** The attributes an element keeps, written out (` name="value"`…). */
function cleanAttributes(tag: SaxesTagNS): { text: string; usesInkscape: boolean; attrs: Map<string, string> } {
  const attrs = new Map<string, string>();
  let usesInkscape = false;
  let text = '';
  for (const attribute of Object.values(tag.attributes)) {
    const value = stripControls(attribute.value).trim();
    if (attribute.uri === INKSCAPE_NAMESPACE && attribute.local === 'label') {
      if (planValueIsUnsafe(value)) continue;
      usesInkscape = true;
      text += ` inkscape:label="${escapeAttribute(value)}"`;
      continue;
    }
    if (attribute.uri !== '' || attribute.prefix !== '' || !ATTRIBUTES.has(attribute.local)) continue;
    if (attribute.local === 'style') {
      const style = cleanStyle(value);
      if (style) {
        attrs.set('style', style);
        text += ` style="${escapeAttribute(style)}"`;
      }
      continue;
    }
    if (planValueIsUnsafe(value)) continue;
    attrs.set(attribute.local, value);
    text += ` ${attribute.local}="${escapeAttribute(value)}"`;
  }
  return { text, usesInkscape, attrs };
}

/** A number of user units from a width or height (`400`, `400px`, `400.5`), else null (`100%`, `10cm`). */
const userUnits = (length: string | undefined) => {
  const match = length && /^\s*(\d+(?:\.\d+)?)\s*(?:px)?\s*$/.exec(length);
  return match ? Number(match[1]) : null;
};

/** The SVG text, cleaned; a 400 with a plain message when it is not a well-formed SVG or has nothing to draw. */
export function sanitizePlanSvg(source: string): string {
  const parser = new SaxesParser({ xmlns: true, position: true });
  const out: string[] = [];
  /** Per open element: was it kept (so its close tag is written)? */
  const open: { name: string; kept: boolean }[] = [];
  let skipDepth = 0; // > 0 while inside a dropped element
  let elements = 0;
  let drawable = 0;
  let rootSeen = false;
  let usesInkscape = false;

  parser.on('doctype', () => {
    throw badRequest(SVG_HAS_DOCTYPE);
  });
  parser.on('opentag', (tag) => {
    elements += 1;
    if (elements > MAX_ELEMENTS) throw badRequest('The SVG has too many elements (more than 50,000).');
    if (open.length >= MAX_DEPTH) throw badRequest('The SVG nests its elements too deeply.');
    const local = tag.local ?? tag.name;
    const isSvg = tag.uri === SVG_NAMESPACE || (tag.uri === '' && tag.prefix === '');
    if (!rootSeen) {
      rootSeen = true;
      if (!isSvg || local !== 'svg') throw badRequest(SVG_NOT_SVG);
    }
    const keep = skipDepth === 0 && isSvg && ELEMENTS.has(local);
    open.push({ name: local, kept: keep });
    if (!keep) {
      skipDepth += 1;
      return;
    }
    if (DRAWABLE.has(local)) drawable += 1;
    const { text, usesInkscape: inkscape, attrs } = cleanAttributes(tag as SaxesTagNS);
    usesInkscape ||= inkscape;
    let extra = '';
    if (open.length === 1 && !attrs.has('viewBox')) {
      const width = userUnits(attrs.get('width'));
      const height = userUnits(attrs.get('height'));
      if (width && height) extra = ` viewBox="0 0 ${width} ${height}"`;
    }
    out.push(`<${local}${open.length === 1 ? ' xmlns="http://www.w3.org/2000/svg"' : ''}${text}${extra}>`);
  });
  parser.on('closetag', () => {
    const element = open.pop();
    if (!element) return;
    if (element.kept) out.push(`</${element.name}>`);
    else skipDepth -= 1;
  });
  const onText = (text: string) => {
    const parent = open[open.length - 1];
    if (skipDepth > 0 || !parent) return;
    if (TEXT_HOLDERS.has(parent.name)) out.push(escapeText(stripControls(text)));
    // White space between elements: one line break at most, so the cleaned plan reads as lines and is stable.
    else if (/^\s+$/.test(text) && text.includes('\n') && out[out.length - 1] !== '\n') out.push('\n');
  };
  parser.on('text', onText);
  parser.on('cdata', onText);

  try {
    parser.write(source.replace(/^\uFEFF/, '')).close();
  } catch (error) {
    if (error instanceof Error && error.name === 'AppError') throw error;
    const reason = error instanceof Error ? error.message.replace(/^[^:]*:\d+:\d+: /, '') : 'unreadable';
    throw badRequest(`The SVG could not be read as XML (${reason}).`);
  }
  if (!rootSeen) throw badRequest(SVG_NOT_SVG);
  if (drawable === 0) throw badRequest(SVG_NOTHING_TO_DRAW);
  let svg = out.join('');
  if (usesInkscape) svg = svg.replace('<svg ', `<svg xmlns:inkscape="${INKSCAPE_NAMESPACE}" `);
  return svg;
}
