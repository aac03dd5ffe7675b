import { describe, it, expect } from 'vitest';
import * as c from './constants';

describe('spec §9 constants', () => {
  it('has the storage, session and timing values', () => {
    expect(c.STORAGE_NAMESPACE).toBe('dandelion__');
    expect(c.SESSION_LIFETIME_MS).toBe(7 * 24 * 60 * 60 * 1000);
    expect(c.REQUEST_TIMEOUT_MS).toBe(90000);
    expect(c.CHUNK_LOAD_TIMEOUT_MS).toBe(120000);
  });

  it('has the paths, codes and filter defaults', () => {
    expect(c.HOME_PATH).toBe('/home');
    expect(c.MAIN_INDEX_PATH).toBe('/project/display');
    expect(c.MOCK_SUCCESS_CODE).toBe(20000);
    expect(c.RECENT_RECORDS_LIMIT).toBe(16);
    expect(c.ELLIPSIS_DEFAULT_LENGTH).toBe(25);
    expect(c.NUMBER_DEFAULT_DECIMALS).toBe(2);
  });

  it('has the theme fallbacks', () => {
    expect(c.THEME_DEFAULTS).toEqual({
      MENU_FONT_SIZE: '14px',
      MENU_HEIGHT: '40px',
      SUBMENU_PADDING: '0 0 0 10px',
      SUBMENU_PADDING_L2: '0 0 0 30px',
      HEADER_FONT_FALLBACK: '#fff',
      MENU_FONT_FALLBACK: '#000',
    });
  });

  it('has the rich-text editor defaults', () => {
    expect(c.RICH_TEXT_EDITOR_DEFAULTS).toEqual({
      width: '100%',
      height: 400,
      minWidth: 650,
      minHeight: 400,
      fontSizes: ['9px', '10px', '12px', '14px', '16px', '18px', '24px', '32px'],
      language: 'zh-CN',
      initialContentDelayMs: 1000,
      zIndex: 811213,
      minChangeSize: 5,
      uploadFieldName: 'imgFile',
    });
  });

  it('has the status and catalogue enum values', () => {
    expect(c.SITE_STATUS_ONLINE).toBe('2');
    expect(c.STATUS_NORMAL).toBe('NORMAL');
    expect(c.ENABLE_USER).toEqual({ ENABLED: 1, DISABLED: 0 });
    expect(c.CATALOG_STATUS.ENABLE).toBe('ENABLE');
    expect(c.CATALOG_TYPE.TITLE_COLUMN).toBe('TITLE_COLUMN');
    expect(c.LINK_TYPE.FRONT_LINK).toBe('FRONT_LINK');
    expect(c.OPEN_TYPE.INTERNAL_OPEN).toBe('INTERNAL_OPEN');
    expect(c.CATALOG_CONTENT_TYPE.ATTILE).toBe('ATTILE');
  });
});
