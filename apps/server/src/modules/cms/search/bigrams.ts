/**
 * Chinese-capable full-text search without an extension: text becomes a list of lexemes, each run of
 * Han (or kana/hangul) characters as its overlapping two-character pieces and each Latin/digit run as
 * a lower-cased word. `array_to_tsvector` stores them under a GIN index and a query is the AND of the
 * same pieces, so a two-character word such as 科技 is one index lookup. No text parser or locale is
 * involved on either side, which keeps PGlite and PostgreSQL identical.
 */

const CJK_RUN = /[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}\p{Script=Hangul}]+/gu;
const WORD_RUN = /[\p{Script=Latin}\p{Nd}]+/gu;
/** Keeps one article's vector well under tsvector's 1 MB limit. */
const MAX_INDEXED_CHARS = 20_000;
const MAX_WORD_LENGTH = 64;

const ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'", nbsp: ' ' };

/** Visible text of stored (already sanitised) HTML. */
export function plainTextOf(html: string | null | undefined): string {
  if (!html) return '';
  return html
    .replace(/<(script|style)[^>]*>[\s\S]*?<\/\1>/gi, ' ')
    .replace(/<[^>]*>/g, ' ')
    .replace(/&(#x?[0-9a-f]+|[a-z]+);/gi, (whole, name: string) => {
      if (name[0] === '#') {
        const code = name[1] === 'x' || name[1] === 'X' ? parseInt(name.slice(2), 16) : parseInt(name.slice(1), 10);
        return Number.isFinite(code) && code > 0 && code < 0x110000 ? String.fromCodePoint(code) : ' ';
      }
      return ENTITIES[name.toLowerCase()] ?? whole;
    })
    .replace(/\s+/g, ' ')
    .trim();
}

function lexemesOf(text: string): string[] {
  const normalised = text.normalize('NFKC').toLowerCase();
  const out: string[] = [];
  for (const [run] of normalised.matchAll(CJK_RUN)) {
    const chars = [...run];
    if (chars.length === 1) out.push(chars[0]!);
    for (let i = 0; i + 1 < chars.length; i++) out.push(chars[i]! + chars[i + 1]!);
  }
  for (const [word] of normalised.matchAll(WORD_RUN)) out.push(word.slice(0, MAX_WORD_LENGTH));
  return out;
}

/** The value stored in cms_content.search_text: distinct lexemes separated by single spaces. */
export function searchTextOf(parts: ReadonlyArray<string | null | undefined>): string {
  const text = parts.filter(Boolean).join(' ').slice(0, MAX_INDEXED_CHARS);
  return [...new Set(lexemesOf(text))].join(' ');
}

/**
 * A tsquery (to be passed as a parameter and cast with `::tsquery`) matching documents that hold
 * every piece of the query, or null when the query has nothing searchable. A lone Han character
 * matches any piece starting with it; Latin words match as prefixes.
 */
export function searchQueryOf(query: string): string | null {
  const normalised = query.normalize('NFKC').toLowerCase();
  const terms: string[] = [];
  for (const [run] of normalised.matchAll(CJK_RUN)) {
    const chars = [...run];
    if (chars.length === 1) terms.push(`'${chars[0]}':*`);
    for (let i = 0; i + 1 < chars.length; i++) terms.push(`'${chars[i]}${chars[i + 1]}'`);
  }
  for (const [word] of normalised.matchAll(WORD_RUN)) terms.push(`'${word.slice(0, MAX_WORD_LENGTH)}':*`);
  const distinct = [...new Set(terms)].slice(0, 32);
  return distinct.length ? distinct.join(' & ') : null;
}

/**
 * A tsquery every text containing `fragment` (case-insensitively) must match, to narrow a `%fragment%`
 * match through the GIN index: the two-character pieces inside the fragment's Han runs. Only those are
 * safe — a lone character or a Latin run may be the middle of a longer run or word in the text, whose
 * stored pieces do not contain it. Null when the fragment has no such piece (the match then scans).
 */
export function containingQueryOf(fragment: string): string | null {
  const pieces = new Set<string>();
  for (const [run] of fragment.normalize('NFKC').toLowerCase().matchAll(CJK_RUN)) {
    const chars = [...run];
    for (let i = 0; i + 1 < chars.length; i++) pieces.add(`'${chars[i]}${chars[i + 1]}'`);
  }
  return pieces.size ? [...pieces].slice(0, 32).join(' & ') : null;
}

export interface HighlightSegment {
  text: string;
  /** True where the segment is a match of the query. */
  hit: boolean;
}

/**
 * A short excerpt of `text` around the first match with every occurrence of the query's words
 * marked. Segments rather than HTML, so nothing from the article is ever interpreted as markup.
 */
export function highlight(text: string, query: string, maxLength = 120): HighlightSegment[] {
  const words = [...new Set(query.normalize('NFKC').split(/[\s\p{P}\p{S}]+/u).filter(Boolean))];
  if (!text) return [];
  const lower = text.toLowerCase();
  const first = words.map((w) => lower.indexOf(w.toLowerCase())).filter((i) => i >= 0).sort((a, b) => a - b)[0] ?? 0;
  const start = Math.max(0, Math.min(first - Math.floor(maxLength / 4), text.length - maxLength));
  const excerpt = (start > 0 ? '…' : '') + text.slice(start, start + maxLength) + (start + maxLength < text.length ? '…' : '');
  if (!words.length) return [{ text: excerpt, hit: false }];
  const escaped = words.map((w) => w.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')).sort((a, b) => b.length - a.length);
  const pattern = new RegExp(`(${escaped.join('|')})`, 'giu');
  return excerpt
    .split(pattern)
    .filter((part) => part !== '')
    .map((part) => ({ text: part, hit: words.some((w) => w.toLowerCase() === part.toLowerCase()) }));
}
