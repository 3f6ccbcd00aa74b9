/**
 * The rules of a (minified) stylesheet that can apply to one page of HTML: a style rule stays when one of its
 * selectors names only classes the page uses; rules without classes (`:root`, `body`, `[data-…]`), keyframes and
 * font faces always stay; @media/@supports/@layer blocks are filtered inside and dropped when empty. It errs on
 * the side of keeping a rule: classes inside `:not()`, `:is()`, `:where()` and `:has()` are not required.
 * Inlined into the prerendered pages, it styles the first paint without waiting for the full stylesheet.
 */
export function criticalCss(css: string, html: string): string {
  const used = new Set<string>();
  for (const match of html.matchAll(/\sclass="([^"]*)"/g)) {
    for (const name of (match[1] ?? '').split(/\s+/)) if (name) used.add(name);
  }
  return filterBlock(css, used);
}

/** Where the block that opens at `open` (a `{`) closes, skipping strings and comments. */
function closingBrace(css: string, open: number): number {
  let depth = 0;
  for (let i = open; i < css.length; i++) {
    const ch = css[i];
    if (ch === '"' || ch === "'") {
      i = css.indexOf(ch, i + 1);
      if (i < 0) break;
    } else if (ch === '/' && css[i + 1] === '*') {
      i = css.indexOf('*/', i + 2) + 1;
      if (i <= 0) break;
    } else if (ch === '{') depth++;
    else if (ch === '}' && --depth === 0) return i;
  }
  throw new Error('Unbalanced braces in the stylesheet');
}

/** Splits a selector list at its top-level commas (not those inside `:is(a, b)`). */
function splitSelectors(list: string): string[] {
  const parts: string[] = [];
  let depth = 0;
  let start = 0;
  for (let i = 0; i < list.length; i++) {
    const ch = list[i];
    if (ch === '(' || ch === '[') depth++;
    else if (ch === ')' || ch === ']') depth--;
    else if (ch === ',' && depth === 0) {
      parts.push(list.slice(start, i));
      start = i + 1;
    }
  }
  parts.push(list.slice(start));
  return parts;
}

function selectorMayMatch(selector: string, used: Set<string>): boolean {
  // The prerendered pages are light (`data-mantine-color-scheme="light"` on <html>); the dark theme's rules
  // arrive with the full stylesheet.
  if (selector.includes('color-scheme=dark')) return false;
  // Drop what is inside brackets and parentheses: attribute values may hold dots, and pseudo-class arguments
  // are not required classes.
  let plain = selector;
  for (let previous = ''; previous !== plain; ) {
    previous = plain;
    plain = plain.replace(/\([^()]*\)/g, '').replace(/\[[^[\]]*\]/g, '');
  }
  for (const match of plain.matchAll(/\.(-?[_a-zA-Z][\w-]*)/g)) {
    if (!used.has(match[1] ?? '')) return false;
  }
  return true;
}

const KEPT_AT_RULES = /^@(?:-webkit-)?(?:keyframes|font-face|property|page|counter-style|font-feature-values)\b/;
const FILTERED_AT_RULES = /^@(?:media|supports|layer|container|scope|document)\b/;

function filterBlock(css: string, used: Set<string>): string {
  let out = '';
  let i = 0;
  while (i < css.length) {
    const brace = css.indexOf('{', i);
    const semicolon = css.indexOf(';', i);
    const head = css.slice(i, brace < 0 ? css.length : brace).trim();
    // A statement at-rule (`@charset`, `@import`, `@layer a, b;`) ends before any block does.
    if (head.startsWith('@') && semicolon >= 0 && (brace < 0 || semicolon < brace)) {
      out += `${css.slice(i, semicolon + 1).trim()}`;
      i = semicolon + 1;
      continue;
    }
    if (brace < 0) break;
    const close = closingBrace(css, brace);
    const body = css.slice(brace + 1, close);
    const prelude = head.replace(/\/\*[\s\S]*?\*\//g, '').trim();
    if (KEPT_AT_RULES.test(prelude)) {
      out += `${prelude}{${body}}`;
    } else if (FILTERED_AT_RULES.test(prelude)) {
      const inner = filterBlock(body, used);
      if (inner) out += `${prelude}{${inner}}`;
    } else if (prelude.startsWith('@')) {
      out += `${prelude}{${body}}`;
    } else if (splitSelectors(prelude).some((selector) => selectorMayMatch(selector, used))) {
      out += `${prelude}{${body}}`;
    }
    i = close + 1;
  }
  return out;
}
