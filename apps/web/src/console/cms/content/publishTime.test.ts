import { describe, expect, it } from 'vitest';
import { formatDateTime } from '../../../lib/date';
import { toBody, toValues } from './ContentFormPage';
import type { ContentDetail } from './api';

// The editor's browser is outside China (UTC); the header and the picker must still agree on China time.
process.env.TZ = 'UTC';

const ARTICLE = { catalogId: '1', title: '通知', body: '', attachments: [], cover: null, isTop: false, sort: 0, publishTime: '2026-05-20T19:30:00.000Z' } as unknown as ContentDetail;

describe('an article publish time', () => {
  it('shows in the date picker as the header shows it: 03:30 China time, not 19:30', () => {
    const picked = toValues(ARTICLE).publishTime!;
    expect(formatDateTime(ARTICLE.publishTime)).toBe('2026-05-21 03:30');
    expect(picked.format('YYYY-MM-DD HH:mm')).toBe('2026-05-21 03:30');
  });

  it('is saved as the same instant when left untouched, and a picked time counts as China time', () => {
    const values = toValues(ARTICLE);
    expect(toBody({ ...values, title: '通知' } as Parameters<typeof toBody>[0]).publishTime).toBe('2026-05-20T19:30:00.000Z');
    const nineAm = values.publishTime!.hour(9).minute(0);
    expect(toBody({ ...values, title: '通知', publishTime: nineAm } as Parameters<typeof toBody>[0]).publishTime).toBe('2026-05-21T01:00:00.000Z');
  });
});
