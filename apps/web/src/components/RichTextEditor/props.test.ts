import { describe, expect, it } from 'vitest';
import { RICH_TEXT_TAGS } from '../../../../server/src/core/richText';
import { RICH_TEXT_EDITOR_TAGS, SERVER_RICH_TEXT_TAGS } from './catalogue';
import { DEFAULT_TOOLBAR_ITEMS, normaliseFontSizes, resolveEditorProps, usableItems } from './props';

describe('editor props', () => {
  it('default to spec §9: 100% × 400, minimum 650 × 400, fonts 9–32px, zh-CN, 1000 ms, 811213, 5, imgFile', () => {
    const p = resolveEditorProps({});
    expect({
      width: p.width,
      height: p.height,
      minWidth: p.minWidth,
      minHeight: p.minHeight,
      fontSizes: p.fontSizes,
      langType: p.langType,
      loadDelay: p.loadDelay,
      zIndex: p.zIndex,
      minChangeSize: p.minChangeSize,
      filePostName: p.filePostName,
      uploadJson: p.uploadJson,
      readonly: p.readonly,
      themeType: p.themeType,
      value: p.value,
    }).toEqual({
      width: '100%',
      height: 400,
      minWidth: 650,
      minHeight: 400,
      fontSizes: ['9px', '10px', '12px', '14px', '16px', '18px', '24px', '32px'],
      langType: 'zh-CN',
      loadDelay: 1000,
      zIndex: 811213,
      minChangeSize: 5,
      filePostName: 'imgFile',
      uploadJson: '/auth/webUpload',
      readonly: false,
      themeType: 'default',
      value: '',
    });
    expect(p.fileManagerJson).toBeUndefined();
    expect(p.maxLength).toBeUndefined();
  });

  it('the default toolbar holds the full set, without 图片库 unless an image library is configured', () => {
    expect(resolveEditorProps({}).items).toEqual(DEFAULT_TOOLBAR_ITEMS.filter((item) => item !== 'filemanager'));
    expect(resolveEditorProps({ fileManagerJson: '/rest/file/images' }).items).toContain('filemanager');
    for (const item of ['undo', 'redo', 'formatblock', 'fontsize', 'bold', 'italic', 'underline', 'strikethrough', 'forecolor', 'hilitecolor', 'justifycenter', 'insertorderedlist', 'insertunorderedlist', 'blockquote', 'link', 'image', 'table', 'hr', 'removeformat', 'fullscreen']) {
      expect(DEFAULT_TOOLBAR_ITEMS).toContain(item);
    }
  });

  it('value wins over html, which wins over content (the spec names both)', () => {
    expect(resolveEditorProps({ content: '<p>c</p>' }).value).toBe('<p>c</p>');
    expect(resolveEditorProps({ content: '<p>c</p>', html: '<p>h</p>' }).value).toBe('<p>h</p>');
    expect(resolveEditorProps({ content: '<p>c</p>', html: '<p>h</p>', value: '<p>v</p>' }).value).toBe('<p>v</p>');
    expect(resolveEditorProps({ value: null }).value).toBe('');
  });

  it('font sizes: numbers are pixels, sizes the server would strip are dropped, nothing left falls back to the default', () => {
    expect(normaliseFontSizes([12, '1.5em', '20PX', 'large', '12px', 'calc(1px)'])).toEqual(['12px', '1.5em']);
    expect(resolveEditorProps({ fontSizes: ['big'] }).fontSizes).toHaveLength(8);
  });

  it('allowed tags stay inside the server allowlist and decide which items show', () => {
    const p = resolveEditorProps({ htmlTags: ['P', 'strong', 'iframe', 'script', 'ul', 'li'] });
    expect(p.htmlTags).toEqual(['p', 'strong', 'ul', 'li']);
    expect(p.items).toEqual(['undo', 'redo', '|', 'bold', '|', 'justifyleft', 'justifycenter', 'justifyright', 'justifyfull', '|', 'insertunorderedlist', '|', 'removeformat', 'fullscreen']);
    // Headings appear when any level is allowed.
    expect(usableItems(['formatblock', '|', 'table'], ['p', 'h2'], undefined)).toEqual(['formatblock']);
  });

  it('bad numbers fall back to the defaults', () => {
    const p = resolveEditorProps({ height: -1, minChangeSize: Number.NaN, zIndex: undefined, maxLength: 0, uploadJson: ' ', filePostName: '' });
    expect([p.height, p.minChangeSize, p.zIndex, p.maxLength, p.uploadJson, p.filePostName]).toEqual([400, 5, 811213, undefined, '/auth/webUpload', 'imgFile']);
  });
});

describe('allowed tags and the server', () => {
  it('the copy of the server allowlist is the server allowlist', () => {
    expect([...SERVER_RICH_TEXT_TAGS]).toEqual([...RICH_TEXT_TAGS]);
  });

  it('every tag the editor can write is one the server keeps', () => {
    const server = new Set<string>(RICH_TEXT_TAGS);
    expect(RICH_TEXT_EDITOR_TAGS.filter((tag) => !server.has(tag))).toEqual([]);
  });
});
