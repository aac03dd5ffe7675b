import { describe, it, expect } from 'vitest';
import { z } from 'zod';
import { pageParameterSchema, pageRequestSchema, PAGE_NUM_MESSAGE, PAGE_SIZE_MESSAGE } from './pagination';

const messages = (result: { success: boolean; error?: z.ZodError }) =>
  result.error?.issues.map((issue) => issue.message) ?? [];

describe('pageParameterSchema', () => {
  it('has the spec messages', () => {
    expect(PAGE_NUM_MESSAGE).toBe('页码必须是正整数');
    expect(PAGE_SIZE_MESSAGE).toBe('每页条数必须在1到500之间');
  });

  it('defaults missing values to page 1 of 10', () => {
    expect(pageParameterSchema.parse({})).toEqual({ pageNum: 1, pageSize: 10 });
    expect(pageParameterSchema.parse({ pageNum: 3 })).toEqual({ pageNum: 3, pageSize: 10 });
  });

  it('accepts numbers and numeric strings within bounds', () => {
    expect(pageParameterSchema.parse({ pageNum: 2, pageSize: 500 })).toEqual({ pageNum: 2, pageSize: 500 });
    expect(pageParameterSchema.parse({ pageNum: '7', pageSize: '1' })).toEqual({ pageNum: 7, pageSize: 1 });
  });

  it.each([0, -1, 1.5, 'abc', ''])('rejects pageNum %j with the page message', (pageNum) => {
    const result = pageParameterSchema.safeParse({ pageNum, pageSize: 10 });
    expect(result.success).toBe(false);
    expect(messages(result)).toContain(PAGE_NUM_MESSAGE);
  });

  it.each([0, 501, 2.5, '1000', 'x'])('rejects pageSize %j with the size message', (pageSize) => {
    const result = pageParameterSchema.safeParse({ pageNum: 1, pageSize });
    expect(result.success).toBe(false);
    expect(messages(result)).toContain(PAGE_SIZE_MESSAGE);
  });
});

describe('pageRequestSchema', () => {
  const schema = pageRequestSchema({ userName: z.string().optional(), orgId: z.string() });

  it('defaults pageParameter and keeps the extra fields', () => {
    expect(schema.parse({ orgId: '12' })).toEqual({ pageParameter: { pageNum: 1, pageSize: 10 }, orgId: '12' });
    expect(schema.parse({ orgId: '12', userName: '张三', pageParameter: { pageNum: '2', pageSize: '20' } })).toEqual({
      orgId: '12',
      userName: '张三',
      pageParameter: { pageNum: 2, pageSize: 20 },
    });
  });

  it('validates both the page parameter and the extra fields', () => {
    const result = schema.safeParse({ pageParameter: { pageNum: 1, pageSize: 501 } });
    expect(result.success).toBe(false);
    const paths = result.error?.issues.map((issue) => issue.path.join('.'));
    expect(paths).toEqual(expect.arrayContaining(['pageParameter.pageSize', 'orgId']));
  });

  it('does not share one default object between parses', () => {
    const first = schema.parse({ orgId: '1' });
    first.pageParameter.pageNum = 99;
    expect(schema.parse({ orgId: '1' }).pageParameter.pageNum).toBe(1);
  });
});
