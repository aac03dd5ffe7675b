import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, post, type TestContext } from '../../../../test/helpers/testApp';
import { TEST_ADMIN_PASSWORD } from '../../../../test/helpers/testDatabase';
import { signIn } from '../../../../test/helpers/accounts';

let ctx: TestContext;
let token: string;

beforeAll(async () => {
  ctx = await createTestApp();
  token = await signIn(ctx.app, 'admin', TEST_ADMIN_PASSWORD);
});
afterAll(async () => {
  await ctx.app.close();
});

describe('POST /rest/dict/getdictlists', () => {
  const url = '/rest/dict/getdictlists';

  it('refuses anonymous callers and malformed category lists', async () => {
    expect((await post(ctx.app, url, { dictCategorys: ['ORG_TYPE'] })).status).toBe(401);
    const missing = await post(ctx.app, url, {}, { authorization: token });
    expect(missing.status).toBe(400);
    expect(missing.body.msg).toBe('请提供字典类别列表 dictCategorys');
    const empty = await post(ctx.app, url, { dictCategorys: [] }, { authorization: token });
    expect(empty.body.msg).toBe('请至少提供一个字典类别');
    const injected = await post(ctx.app, url, { dictCategorys: ["ORG_TYPE' or 1=1 --"] }, { authorization: token });
    expect(injected.status).toBe(400);
    expect(injected.body.msg).toBe('字典类别编码只能包含字母、数字和下划线');
  });

  it('answers each category’s items in order, with label and value, and an empty list for an unknown one', async () => {
    const res = await post(ctx.app, url, { dictCategorys: ['ROLE_TYPE', 'ORG_LEVEL', 'NO_SUCH'] }, { authorization: token });
    expect(res.body.code).toBe('0000');
    expect(res.body.data.ROLE_TYPE.map((i: { value: string }) => i.value)).toEqual(['SYS', 'CENTER', 'CLIENT']);
    expect(res.body.data.ROLE_TYPE[0]).toMatchObject({ dictCode: 'SYS', dictName: '系统', label: '系统', value: 'SYS', dictSort: 1 });
    expect(typeof res.body.data.ROLE_TYPE[0].dictId).toBe('string');
    expect(res.body.data.ORG_LEVEL).toHaveLength(4);
    expect(res.body.data.NO_SUCH).toEqual([]);
  });
});
