import svgCaptcha from 'svg-captcha';

/**
 * Reads the portal's image captcha so a journey can submit a form behind it. svg-captcha draws
 * each character as one filled path from a fixed font at a fixed size, only nudging every point
 * by at most ±0.1 px; the journey learns each glyph's shape from the same library and matches
 * the served image against it. (That a script can do this is a known weakness of SVG captchas;
 * the rate limit is what really protects the forms.)
 */
const SERVER_OPTIONS = { size: 4, noise: 3, ignoreChars: '0oO1lIi', color: true, background: '#f3f6fb', width: 120, height: 40 };

interface Glyph {
  commands: string;
  /** Coordinates relative to the path's first point. */
  offsets: number[];
  x: number;
}

function glyphOf(d: string): Glyph {
  const commands = d.replace(/[^A-Za-z]/g, '');
  const numbers = (d.match(/-?\d+(?:\.\d+)?/g) ?? []).map(Number);
  const [x0 = 0, y0 = 0] = numbers;
  return { commands, offsets: numbers.map((n, i) => n - (i % 2 === 0 ? x0 : y0)), x: x0 };
}

/** The character paths of an SVG captcha (noise lines are stroked, characters filled), left to right. */
function glyphsOf(svg: string): Glyph[] {
  return [...svg.matchAll(/<path fill="[^"]*" d="([^"]+)"\/>/g)].map((m) => glyphOf(m[1]!)).sort((a, b) => a.x - b.x);
}

let templates: Array<{ ch: string; glyph: Glyph }> | undefined;
function learn() {
  if (templates) return templates;
  const charset = [...new Set('ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789')].filter((c) => !SERVER_OPTIONS.ignoreChars.includes(c));
  templates = charset.map((ch) => ({ ch, glyph: glyphsOf(svgCaptcha(ch, SERVER_OPTIONS))[0]! }));
  return templates;
}

const distance = (a: number[], b: number[]) => a.reduce((sum, v, i) => sum + Math.abs(v - b[i]!), 0);

/** The text of a captcha image given as SVG or as a `data:image/svg+xml;base64,…` address. */
export function solveCaptcha(image: string): string {
  const svg = image.startsWith('data:') ? Buffer.from(image.slice(image.indexOf(',') + 1), 'base64').toString('utf8') : image;
  return glyphsOf(svg)
    .map((glyph) => {
      let best = { ch: '?', score: Infinity };
      for (const t of learn()) {
        if (t.glyph.commands !== glyph.commands || t.glyph.offsets.length !== glyph.offsets.length) continue;
        const score = distance(t.glyph.offsets, glyph.offsets);
        if (score < best.score) best = { ch: t.ch, score };
      }
      return best.ch;
    })
    .join('');
}
