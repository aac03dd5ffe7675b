import { describe, it, expect } from 'vitest';
import {
  countRichTextCharacters,
  isWithinRichTextLimit,
  richTextLimitMessage,
  richTextRule,
  visibleRichText,
  zRichText,
} from './rich-text';

describe('richTextLimitMessage', () => {
  it('builds the exact spec message', () => {
    expect(richTextLimitMessage(12, 10)).toBe('超出了允许的最大的字数限制：[ 12/10 ]!');
  });
});

describe('visible characters', () => {
  it('strips tags and white space, counting Chinese and emoji once', () => {
    expect(visibleRichText('<p>蒲公英 <strong>申报</strong></p>\n<p> ok </p>')).toBe('蒲公英申报ok');
    expect(countRichTextCharacters('<p>蒲公英 <b>申报</b></p>')).toBe(5);
    expect(countRichTextCharacters('<p>😀😀</p>')).toBe(2);
  });

  it('counts named, decimal and hexadecimal entities as nothing', () => {
    expect(countRichTextCharacters('<p>a&nbsp;b&amp;c&#20013;&#x4e2d;&lt;</p>')).toBe(3);
    expect(visibleRichText('&NBSP;&copy;x')).toBe('x');
  });

  it('does not count comments, scripts, styles or invisible characters', () => {
    expect(countRichTextCharacters('<!-- note -->ab<style>p{color:red}</style><script>alert(1)</script>c')).toBe(3);
    expect(countRichTextCharacters('a\u00a0\u3000\u200b\ufeffb\t\r\n')).toBe(2);
    expect(countRichTextCharacters('<img src="x.png" alt="图片"><br/>')).toBe(0);
  });

  it('keeps a lone < or & that is not a tag or entity', () => {
    expect(visibleRichText('1 < 2 & 3')).toBe('1<2&3');
  });

  it('treats empty input as zero', () => {
    expect(countRichTextCharacters('')).toBe(0);
    expect(countRichTextCharacters(null)).toBe(0);
    expect(countRichTextCharacters(undefined)).toBe(0);
  });
});

describe('limit rule', () => {
  const html = '<p>一二三四五</p><p>六</p>';

  it('passes at the limit and fails above it', () => {
    expect(isWithinRichTextLimit(html, 6)).toBe(true);
    expect(isWithinRichTextLimit(html, 5)).toBe(false);
  });

  it('gives a rule whose message shows the count', () => {
    const rule = richTextRule(5);
    expect(rule.test(html)).toBe(false);
    expect(rule.message(html)).toBe('超出了允许的最大的字数限制：[ 6/5 ]!');
    expect(richTextRule(6).test(html)).toBe(true);
  });

  it('zRichText reports the spec message through zod', () => {
    expect(zRichText(6).parse(html)).toBe(html);
    const result = zRichText(5).safeParse(html);
    expect(result.success).toBe(false);
    expect(result.error?.issues.map((i) => i.message)).toEqual(['超出了允许的最大的字数限制：[ 6/5 ]!']);
  });
});
