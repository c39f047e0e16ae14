import { z } from 'zod';
import { LIMITS } from './constants';

/**
 * SPEC §5 "Sanitising", one function per rule. Nothing here parses HTML with a single regex:
 * every HTML rule decodes and strips in a loop until the text stops changing, so nesting such as
 * `<scr<script>ipt>` or entity-encoded `&lt;script&gt;` cannot reassemble into markup.
 *
 * sanitizeText returns plain text (it may still contain a lone "<" as in "2 < 3"); anything that
 * puts it into HTML must escape it, as React does. sanitizeRichText returns HTML safe to insert.
 */

/** Enough rounds for any honest input; a string still changing after this is hostile. */
const MAX_ROUNDS = 25;

const NAMED_ENTITIES: Readonly<Record<string, string>> = {
  amp: '&',
  lt: '<',
  gt: '>',
  quot: '"',
  apos: "'",
  nbsp: '\u00a0',
  sol: '/',
  bsol: '\\',
  colon: ':',
  semi: ';',
  comma: ',',
  period: '.',
  excl: '!',
  quest: '?',
  num: '#',
  percnt: '%',
  equals: '=',
  plus: '+',
  lpar: '(',
  rpar: ')',
  lsqb: '[',
  rsqb: ']',
  lcub: '{',
  rcub: '}',
  grave: '`',
  Tab: '\t',
  NewLine: '\n',
  copy: '©',
  reg: '®',
  trade: '™',
  hellip: '…',
  mdash: '—',
  ndash: '–',
  lsquo: '‘',
  rsquo: '’',
  ldquo: '“',
  rdquo: '”',
  euro: '€',
  peso: '₱',
  ntilde: 'ñ',
  Ntilde: 'Ñ',
  aacute: 'á',
  eacute: 'é',
  iacute: 'í',
  oacute: 'ó',
  uacute: 'ú',
  Aacute: 'Á',
  Eacute: 'É',
  Iacute: 'Í',
  Oacute: 'Ó',
  Uacute: 'Ú',
};

/** Browsers also decode these without a trailing semicolon ("&lt" is "<"). */
const LEGACY_ENTITIES = ['amp', 'lt', 'gt', 'quot', 'nbsp'] as const;

function codePointText(codePoint: number): string {
  const valid =
    Number.isInteger(codePoint) &&
    codePoint > 0 &&
    codePoint <= 0x10ffff &&
    !(codePoint >= 0xd800 && codePoint <= 0xdfff);
  return valid ? String.fromCodePoint(codePoint) : '\ufffd';
}

/** One round of HTML entity decoding: named, decimal and hexadecimal references. */
export function decodeHtmlEntities(text: string): string {
  return text.replace(
    /&(#[0-9]{1,8}|#[xX][0-9a-fA-F]{1,7}|[a-zA-Z][a-zA-Z0-9]{1,31})(;?)/g,
    (match, body: string, semicolon: string) => {
      if (body.startsWith('#x') || body.startsWith('#X')) {
        return codePointText(parseInt(body.slice(2), 16));
      }
      if (body.startsWith('#')) return codePointText(parseInt(body.slice(1), 10));
      const named = NAMED_ENTITIES[body];
      if (named !== undefined && semicolon === ';') return named;
      if (semicolon === '') {
        const legacy = LEGACY_ENTITIES.find((name) => body.startsWith(name));
        if (legacy !== undefined) return `${NAMED_ENTITIES[legacy]}${body.slice(legacy.length)}`;
      }
      return match;
    },
  );
}

/** One round of percent-decoding; a run that is not valid UTF-8 is left as written. */
export function decodePercent(text: string): string {
  return text.replace(/(?:%[0-9a-fA-F]{2})+/g, (run) => {
    try {
      return decodeURIComponent(run);
    } catch {
      return run;
    }
  });
}

// eslint-disable-next-line no-control-regex -- these control characters are what we remove
const CONTROL_CHARACTERS = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f]/g;

/** SPEC §5: scripts, styles and frames go with their content; so do other executable containers. */
const DANGEROUS_ELEMENT =
  /<(script|style|iframe|frame|frameset|object|embed|noscript|template|svg|math|noembed|noframes|xmp)\b[^>]*>[\s\S]*?(?:<\/\1\s*>|$)/gi;
const COMMENT = /<!--[\s\S]*?(?:-->|$)/g;
/** A tag: "<" then a letter, "/", "!" or "?", up to the next ">" with no "<" inside. */
const ANY_TAG = /<[a-zA-Z/!?][^<>]*>/g;
/** A tag never closed before the next "<" or the end ("<img src=x onerror=alert(1)"). */
const UNCLOSED_TAG = /<[a-zA-Z/!?][^<>]*(?=<|$)/g;

function removeDangerous(text: string): string {
  return text.replace(COMMENT, '').replace(DANGEROUS_ELEMENT, '');
}

/** Apply `round` until the text stops changing; a text still changing is emptied of < and >. */
function untilStable(text: string, round: (value: string) => string): string {
  let current = text;
  for (let i = 0; i < MAX_ROUNDS; i += 1) {
    const next = round(current);
    if (next === current) return current;
    current = next;
  }
  return current.replace(/[<>]/g, '');
}

/** Cut to at most `max` UTF-16 units without leaving half a surrogate pair. */
function capLength(text: string, max: number): string {
  if (text.length <= max) return text;
  const cut = text.slice(0, max);
  return /[\ud800-\udbff]$/.test(cut) ? cut.slice(0, -1) : cut;
}

/** Bound the work on hostile input before any regex runs. */
function preCap(text: string, max: number): string {
  return text.length > max * 10 ? text.slice(0, max * 10) : text;
}

/** SPEC §5: decode, strip scripts, styles, frames and every tag; at most 10,000 characters. */
export function sanitizeText(value: unknown, max: number = LIMITS.plain_text_max): string {
  if (typeof value !== 'string') return '';
  const stripped = untilStable(preCap(value, max), (text) =>
    removeDangerous(decodePercent(decodeHtmlEntities(text)))
      .replace(ANY_TAG, '')
      .replace(UNCLOSED_TAG, ''),
  );
  return capLength(stripped.replace(CONTROL_CHARACTERS, '').trim(), max);
}

/** SPEC §5: the only tags rich text keeps, and never with attributes. */
export const RICH_TEXT_TAGS = ['p', 'br', 'strong', 'em', 'ul', 'ol', 'li', 'blockquote'] as const;
const RICH_TAG_SET: ReadonlySet<string> = new Set(RICH_TEXT_TAGS);
const RICH_TOKEN = /<(\/?)(p|br|strong|em|ul|ol|li|blockquote)>/g;

function canonicalTag(tag: string): string {
  const match = /^<(\/?)([a-zA-Z][a-zA-Z0-9]*)/.exec(tag);
  const name = match?.[2]?.toLowerCase();
  if (match === null || name === undefined || !RICH_TAG_SET.has(name)) return '';
  if (name === 'br') return match[1] === '/' ? '' : '<br>';
  return `<${match[1] ?? ''}${name}>`;
}

function escapeHtml(text: string): string {
  return text
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&#39;');
}

/**
 * SPEC §5: rich text keeps p, br, strong, em, ul, ol, li and blockquote without attributes;
 * everything else is stripped and all text is escaped. At most 50,000 characters of HTML.
 */
export function sanitizeRichText(value: unknown, max: number = LIMITS.rich_text_max): string {
  if (typeof value !== 'string') return '';
  const cleaned = untilStable(preCap(value, max), (text) =>
    removeDangerous(decodePercent(decodeHtmlEntities(text)))
      .replace(ANY_TAG, canonicalTag)
      .replace(UNCLOSED_TAG, ''),
  ).replace(CONTROL_CHARACTERS, '');

  // Split into allowed tags and text; only text is escaped, so no other markup can survive.
  let html = '';
  let last = 0;
  const append = (piece: string): boolean => {
    if (html.length + piece.length > max) return false;
    html += piece;
    return true;
  };
  for (const match of cleaned.matchAll(RICH_TOKEN)) {
    if (!append(escapeHtml(cleaned.slice(last, match.index)))) return html.trim();
    if (!append(match[0])) return html.trim();
    last = match.index + match[0].length;
  }
  append(escapeHtml(cleaned.slice(last)));
  return html.trim();
}

/**
 * SPEC §5: http, https or relative URLs only; anything else becomes ''. The scheme is read the
 * way a browser would read it: after decoding entities and ignoring whitespace and control
 * characters, so "java&#x09;script:" and " JavaScript:" are refused. The URL comes back as written
 * (trimmed), so a query such as "?a=1&copy=2" is not altered.
 */
export function sanitizeUrl(value: unknown): string {
  if (typeof value !== 'string') return '';
  const url = value.trim();
  if (url === '' || url.length > LIMITS.url_max) return '';
  // Characters that break out of an attribute, or that browsers read as "/" (backslash).
  // eslint-disable-next-line no-control-regex -- control characters are refused
  if (/[\s<>"'`\\\u0000-\u001f\u007f]/.test(url)) return '';
  const probe = untilStable(url, (text) => decodeHtmlEntities(text))
    // eslint-disable-next-line no-control-regex -- browsers skip these inside a scheme
    .replace(/[\s\u0000-\u001f\u007f]/g, '');
  if (/[<>"'`\\]/.test(probe)) return '';
  const scheme = /^([a-zA-Z][a-zA-Z0-9+.-]*):/.exec(probe)?.[1]?.toLowerCase();
  if (scheme === undefined) return url;
  if (scheme !== 'http' && scheme !== 'https') return '';
  try {
    return new URL(probe).hostname === '' ? '' : url;
  } catch {
    return '';
  }
}

const emailSchema = z.email();

/** SPEC §5: trimmed and lower-cased; '' unless it looks like an e-mail. */
export function sanitizeEmail(value: unknown): string {
  if (typeof value !== 'string') return '';
  const email = value.trim().toLowerCase();
  if (email.length > LIMITS.email_max) return '';
  return emailSchema.safeParse(email).success ? email : '';
}

/** SPEC §5: digits, spaces, dash, parentheses and plus only; at most 30 characters. */
export function sanitizePhone(value: unknown): string {
  if (typeof value !== 'string') return '';
  const phone = value
    .replace(/[^0-9 ()+-]/g, '')
    .replace(/ {2,}/g, ' ')
    .trim();
  return capLength(phone, LIMITS.phone_max).trim();
}

/**
 * SPEC §5: names drop angle brackets and quotes, at most 100 characters. Apostrophes stay,
 * because SPEC §5 allows them in guest names (O'Brien, D'Souza); double quotes, typographic double
 * quotes and backticks go. Markup is stripped first (sanitizeText), whitespace collapsed.
 */
export function sanitizeName(value: unknown): string {
  const name = sanitizeText(value, LIMITS.name_max * 2)
    .replace(/[<>"`“”„]/g, '')
    .replace(/\s+/g, ' ')
    .trim();
  return capLength(name, LIMITS.name_max).trim();
}

/** SPEC §5: letters (any script), digits, whitespace and @ . , - only; at most 100 characters. */
export function sanitizeSearch(value: unknown): string {
  if (typeof value !== 'string') return '';
  const search = value
    .replace(/[^\p{L}\p{M}\p{N}\s@.,-]/gu, '')
    .replace(/\s+/g, ' ')
    .trim();
  return capLength(search, LIMITS.search_max).trim();
}

/** Credentials are never displayed and must stay byte-exact, so sanitizeRecord leaves them. */
const UNTOUCHED_FIELD = /password|token|secret|hash/i;

function sanitizeField(key: string, value: string): string {
  const name = key.toLowerCase();
  if (UNTOUCHED_FIELD.test(name)) return value;
  if (name.includes('url')) return sanitizeUrl(value);
  if (name.includes('email')) return sanitizeEmail(value);
  if (name.includes('phone') || name.includes('contact')) return sanitizePhone(value);
  if (name.includes('name')) return sanitizeName(value);
  return sanitizeText(value);
}

function isPlainObject(value: unknown): value is Record<string, unknown> {
  if (typeof value !== 'object' || value === null) return false;
  const proto: unknown = Object.getPrototypeOf(value);
  return proto === Object.prototype || proto === null;
}

function sanitizeValue(key: string, value: unknown): unknown {
  if (typeof value === 'string') return sanitizeField(key, value);
  if (Array.isArray(value)) return value.map((item) => sanitizeValue(key, item));
  if (isPlainObject(value)) return sanitizeRecord(value);
  return value;
}

/**
 * SPEC §5: every string field gets the rule its name asks for: names containing url → URL,
 * email → e-mail, phone or contact → phone, name → name, anything else → plain text. Nested
 * plain objects and arrays are walked; numbers, booleans, null and dates are kept as they are.
 */
export function sanitizeRecord<T extends Record<string, unknown>>(record: T): T {
  const result: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(record)) result[key] = sanitizeValue(key, value);
  return result as T;
}

/**
 * SPEC §5 CSV export: a text cell starting with = + - @ tab or carriage return gets a leading
 * apostrophe so spreadsheets do not run it as a formula; a cell with a comma, quote, CR or LF is
 * quoted with its quotes doubled. Numbers are written as numbers (a negative number is not a
 * formula), dates as ISO strings, objects as JSON.
 */
export function escapeCsvCell(value: unknown): string {
  let text: string;
  if (value === null || value === undefined) return '';
  if (typeof value === 'number') {
    if (!Number.isFinite(value)) return '';
    text = String(value);
  } else if (typeof value === 'bigint' || typeof value === 'boolean') {
    text = String(value);
  } else if (value instanceof Date) {
    text = Number.isNaN(value.getTime()) ? '' : value.toISOString();
  } else if (typeof value === 'string') {
    text = /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
  } else {
    const json = JSON.stringify(value) ?? '';
    text = /^[=+\-@\t\r]/.test(json) ? `'${json}` : json;
  }
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

export interface CsvColumn<T> {
  header: string;
  /** A field of the row, or a function of it. */
  value: (keyof T & string) | ((row: T) => unknown);
}

/** Header line then one line per row, CRLF between lines (RFC 4180), every cell escaped. */
export function toCsv<T>(rows: readonly T[], columns: readonly CsvColumn<T>[]): string {
  const header = columns.map((column) => escapeCsvCell(column.header)).join(',');
  const lines = rows.map((row) =>
    columns
      .map((column) =>
        escapeCsvCell(typeof column.value === 'function' ? column.value(row) : row[column.value]),
      )
      .join(','),
  );
  return [header, ...lines].join('\r\n');
}
