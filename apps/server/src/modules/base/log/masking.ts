import { MASK, SECRET_KEYS } from '../../../core/logger';

/**
 * Masking of request and response bodies before they are stored in the interface-call log.
 * Secrets are replaced by '******' (the key stays, so a reader sees that a password was sent);
 * values that look like a resident ID number are masked wherever they appear.
 */

/** The most characters of one body (request or response) that are stored; the rest is cut. */
export const MAX_STORED_BODY_CHARS = 4_000;
/** Bodies larger than this are not parsed or stored at all, only their size is noted. */
export const MAX_INSPECTED_BODY_BYTES = 64 * 1024;

const SECRET_KEY_SET = new Set(SECRET_KEYS.map((k) => k.toLowerCase()));
/** Key fragments that name a secret or a personal identifier, whatever the exact key. */
const SECRET_KEY_PART = /passw|pwd|secret|token|credential|captcha|smscode|verifycode|authoriz|cookie|ticket|idnumber|idcard|idno|cardno|certno|bankcard/i;
/** A PRC resident identity number: region, birth date, sequence, check digit. */
const ID_NUMBER = /\b\d{6}(?:18|19|20)\d{2}(?:0[1-9]|1[0-2])(?:0[1-9]|[12]\d|3[01])\d{3}[\dXx]\b/g;

/** Secret keys no fragment above catches (matched whole, as a JSON key: `"code":`). */
const WHOLE_SECRET_KEYS = SECRET_KEYS.filter((k) => !SECRET_KEY_PART.test(k));
const WHOLE_SECRET_KEY = new RegExp(`"(${WHOLE_SECRET_KEYS.map((k) => k.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')).join('|')})"\\s*:`, 'gi');
/** Where an ID number could be: 17 digits and a check character in a row (JSON never escapes digits). */
const MAYBE_ID_NUMBER = /\d{17}[\dXx]/;

/**
 * Whether a JSON text might hold something to mask. False only when it cannot: no \u escape (which
 * could spell a key's letters or digits in disguise), no secret-key fragment anywhere (keys or
 * values), no whole secret key but a kept one at the start of the top-level object, no run of
 * digits an ID number could be. Most answers (a page of records) hold none of these and are stored
 * as they were sent, without being parsed, copied and serialised again.
 */
export function mayHoldSecret(text: string, keepTopLevel: readonly string[] = []): boolean {
  if (text.includes('\\u') || MAYBE_ID_NUMBER.test(text) || SECRET_KEY_PART.test(text)) return true;
  for (const match of text.matchAll(WHOLE_SECRET_KEY)) {
    const keptAtTop = match.index === 1 && text.startsWith('{') && keepTopLevel.includes(match[1]!);
    if (!keptAtTop) return true;
  }
  return false;
}

export function isSecretKey(key: string): boolean {
  return SECRET_KEY_SET.has(key.toLowerCase()) || SECRET_KEY_PART.test(key);
}

function maskValue(value: unknown, depth: number, keep: ReadonlySet<string>): unknown {
  if (typeof value === 'string') return value.replace(ID_NUMBER, MASK);
  if (value === null || typeof value !== 'object' || depth > 12) return value;
  if (Array.isArray(value)) return value.map((v) => maskValue(v, depth + 1, new Set()));
  const out: Record<string, unknown> = {};
  for (const [key, v] of Object.entries(value as Record<string, unknown>)) {
    out[key] = !keep.has(key) && isSecretKey(key) && v !== null && v !== undefined && v !== '' ? MASK : maskValue(v, depth + 1, new Set());
  }
  return out;
}

/**
 * A masked copy of a parsed body. `keepTopLevel` names top-level keys that are never masked:
 * a response envelope's `code` is the business code ('0000'), not a verification code.
 */
export function maskBody(value: unknown, keepTopLevel: readonly string[] = []): unknown {
  return maskValue(value, 0, new Set(keepTopLevel));
}

/** Cuts a stored text to MAX_STORED_BODY_CHARS, saying how long it was. */
export function truncateForLog(text: string): string {
  if (text.length <= MAX_STORED_BODY_CHARS) return text;
  return `${text.slice(0, MAX_STORED_BODY_CHARS)}…（已截断，共 ${text.length} 个字符）`;
}

/** A query string (without '?') with secret parameters and ID numbers masked; null when empty. */
export function maskQuery(query: string): string | null {
  if (!query) return null;
  const params = new URLSearchParams(query);
  const out = new URLSearchParams();
  for (const [key, value] of params) out.append(key, isSecretKey(key) ? MASK : value.replace(ID_NUMBER, MASK));
  const text = out.toString();
  return text ? text.slice(0, 512) : null;
}

/**
 * The text stored for a JSON body: masked and cut, or a note saying why it is not stored.
 * `raw` is the serialised payload (a response) or the parsed value (a request).
 */
export function storedJson(value: unknown, keepTopLevel: readonly string[] = []): string | null {
  if (value === undefined || value === null) return null;
  if (typeof value === 'object' && Object.keys(value as object).length === 0 && !Array.isArray(value)) return null;
  try {
    return truncateForLog(JSON.stringify(maskBody(value, keepTopLevel)));
  } catch {
    return '[无法序列化的内容，未记录]';
  }
}

/** A clean JSON text as storedJson would store its value: nothing for null or {}, else the text, cut. */
function storedText(text: string, parsed: unknown): string | null {
  if (parsed === null) return null;
  if (typeof parsed === 'object' && !Array.isArray(parsed) && Object.keys(parsed).length === 0) return null;
  return truncateForLog(text);
}

/**
 * The text stored for a serialised response payload (a string or a buffer); streams are never read.
 * `serialized` says the payload is the text of a JSON serialiser (JSON.stringify's, through a response
 * schema or not): it is known to parse, so a clean one is stored without parsing it first.
 */
export function storedPayload(payload: unknown, contentType: string, serialized = false): string | null {
  if (payload === undefined || payload === null) return null;
  if (typeof payload === 'string' || Buffer.isBuffer(payload)) {
    const size = typeof payload === 'string' ? Buffer.byteLength(payload) : payload.length;
    if (size === 0) return null;
    if (!/json/i.test(contentType)) return `[${contentType.split(';')[0] || '二进制'} 内容 ${size} 字节，未记录]`;
    if (size > MAX_INSPECTED_BODY_BYTES) return `[JSON 内容 ${size} 字节，超过 ${MAX_INSPECTED_BODY_BYTES / 1024} KB，未记录]`;
    const text = payload.toString();
    // JSON.stringify writes nothing but `null` for null and `{}` for an empty object: what storedText tells from the parsed value.
    if (serialized && typeof payload === 'string' && !mayHoldSecret(text, ['code'])) return text === 'null' || text === '{}' ? null : truncateForLog(text);
    try {
      const parsed: unknown = JSON.parse(text);
      // Answers are JSON.stringify's text: one that holds nothing to mask is what masking and serialising it again would give.
      return mayHoldSecret(text, ['code']) ? storedJson(parsed, ['code']) : storedText(text, parsed);
    } catch {
      return '[无法解析的 JSON 内容，未记录]';
    }
  }
  return '[流式内容，未记录]';
}
