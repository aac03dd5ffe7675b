import { describe, expect, it } from 'vitest';
import { MAX_STORED_BODY_CHARS, mayHoldSecret, storedJson, storedPayload } from './masking';

/** What storedPayload stored before it learnt to skip clean texts: always parsed, masked and serialised again. */
const parsedAndMasked = (text: string) => storedJson(JSON.parse(text), ['code']);
const JSON_TYPE = 'application/json; charset=utf-8';

const page = {
  code: '0000',
  success: true,
  msg: '操作成功',
  data: {
    list: Array.from({ length: 40 }, (_, i) => ({
      contentId: String(1000 + i),
      title: `基准测试新闻第${i}号：科学技术奖励申报与评审工作动态 "引号" \\ 反斜杠\n换行`,
      publishTime: '2026-11-24T03:00:00.000Z',
      isTop: i % 7 === 0,
      sort: i,
      catalogName: null,
    })),
    total: 123456,
    totalEstimated: true,
  },
  attributes: { '10': 'x', '2': 'y', b: 'z' },
};

describe('interface-log masking of answers', () => {
  it('stores an answer with nothing to mask as it was sent, exactly what parsing and masking it gave', () => {
    for (const answer of [page, { code: '0000', data: [] }, { rtnCode: '0000', rtnMessage: '成功', dataSet: { list: [] } }, [1, 'a', null], {}, null, 'text', 12]) {
      const text = JSON.stringify(answer);
      expect(mayHoldSecret(text, ['code'])).toBe(false);
      expect(storedPayload(text, JSON_TYPE)).toBe(parsedAndMasked(text));
      expect(storedPayload(Buffer.from(text), JSON_TYPE)).toBe(parsedAndMasked(text));
      // The serialiser's own text is stored without being parsed, and still the same.
      expect(storedPayload(text, JSON_TYPE, true)).toBe(parsedAndMasked(text));
    }
    // Long answers are cut the same way.
    expect(JSON.stringify(page).length).toBeGreaterThan(MAX_STORED_BODY_CHARS);
  });

  it('masks every secret however it is disguised, as before', () => {
    const disguised = [
      { code: '0000', data: { code: '1234' } }, // a verification code below the envelope's code
      { Code: '0000' }, // not the envelope's code: the kept key is spelt exactly
      { data: { code: 'x' }, code: '0000' }, // the envelope's code not first
      { data: { userPassword: 'p' } },
      { data: { PWD: 'p' } },
      { data: { note: 'first line\n110101199001011234' } }, // an ID number after an escape
      { data: { smsCode: '1' } },
    ];
    for (const answer of disguised) {
      const text = JSON.stringify(answer);
      expect(mayHoldSecret(text, ['code']), text).toBe(true);
      expect(storedPayload(text, JSON_TYPE)).toBe(parsedAndMasked(text));
      expect(storedPayload(text, JSON_TYPE, true)).toBe(parsedAndMasked(text));
    }
    // Digits as a number: kept as a number (an ID number's digits as a number are not masked, as before).
    const numeric = '{"data":{"ids":[110101199001011234]}}';
    expect(mayHoldSecret(numeric)).toBe(true);
    expect(storedPayload(numeric, JSON_TYPE)).toBe(parsedAndMasked(numeric));
    // A key spelt with \u escapes is a secret key once parsed.
    const escaped = '{"data":{"\\u0070assword":"hunter2"}}';
    expect(mayHoldSecret(escaped)).toBe(true);
    expect(storedPayload(escaped, JSON_TYPE)).toBe('{"data":{"password":"******"}}');
    expect(storedPayload(JSON.stringify({ code: '0000', data: { code: '1234', note: '身份证 110101199001011234' } }), JSON_TYPE)).toBe(
      '{"code":"0000","data":{"code":"******","note":"身份证 ******"}}',
    );
  });

  it('still refuses what it cannot parse', () => {
    expect(storedPayload('{"a":', JSON_TYPE)).toBe('[无法解析的 JSON 内容，未记录]');
  });
});
