import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { createAccount, signIn } from '../../../../test/helpers/accounts';
import { download, sheetRows } from '../../../../test/helpers/excel';
import { createTestApp, post, type TestContext } from '../../../../test/helpers/testApp';
import { TEST_ADMIN_PASSWORD } from '../../../../test/helpers/testDatabase';
import { sysOperLog } from '../../../core/audit';
import { baseDict } from './tables';
import { expectRefusedToOutsiders } from '../../../../test/helpers/refusals';

let ctx: TestContext;
let admin: Record<string, string>;
let clerk: Record<string, string>;
let orgTypeId: string;

const call = (url: string, body: unknown, headers = admin) => post(ctx.app, url, body, headers);
const logs = (action: string) =>
  ctx.database.db.select().from(sysOperLog).where(and(eq(sysOperLog.module, 'base:dict'), eq(sysOperLog.action, action)));
const stored = async (fullCode: string) =>
  (await ctx.database.db.select().from(baseDict).where(and(eq(baseDict.dictFullCode, fullCode), eq(baseDict.delFlag, 0))))[0];
const page = (body: Record<string, unknown> = {}) => call('/rest/dictItem/listByPage', { parentId: orgTypeId, pageParameter: { pageNum: 1, pageSize: 20 }, ...body });
const codes = (res: { body: { data: { list: Array<{ dictCode: string }> } } }) => res.body.data.list.map((i) => i.dictCode);

const urls = ['listByPage', 'export', 'add', 'edit', 'delete', 'deleteBatch'].map((m) => `/rest/dictItem/${m}`);

beforeAll(async () => {
  ctx = await createTestApp();
  admin = { authorization: await signIn(ctx.app, 'admin', TEST_ADMIN_PASSWORD) };
  await createAccount(ctx.database, { username: 'clerk', password: 'Clerk@2026x', roleCodes: ['APPLICANT'] });
  clerk = { authorization: await signIn(ctx.app, 'clerk', 'Clerk@2026x') };
  orgTypeId = String((await stored('ORG_TYPE'))!.id);
});
afterAll(async () => {
  await ctx.app.close();
});

describe('dictionary item routes refuse', () => {
  it('anonymous callers with 401 and callers without the code with 403', async () => {
    await expectRefusedToOutsiders(ctx.app, urls, clerk);
  });

  it('invalid input with 400 and the exact message; required fields say 填写内容不能为空', async () => {
    const cases: Array<[unknown, string]> = [
      [{ dictCode: 'X', dictName: '某' }, '请先选择字典分类 parentId'],
      [{ parentId: orgTypeId, dictName: '企业' }, '填写内容不能为空'],
      [{ parentId: orgTypeId, dictCode: 'ENTERPRISE' }, '填写内容不能为空'],
      [{ parentId: orgTypeId, dictCode: 'ENTERPRISE', dictName: '   ' }, '填写内容不能为空'],
      [{ parentId: orgTypeId, dictCode: '企业', dictName: '企业' }, '字典编码只能包含字母、数字和下划线'],
      [{ parentId: orgTypeId, dictCode: 'ENTERPRISE', dictName: '企'.repeat(129) }, '字典名称不能超过128个字符'],
      [{ parentId: orgTypeId, dictCode: 'ENTERPRISE', dictName: '企业', dictSort: 1.5 }, '排序必须是整数'],
      [{ parentId: orgTypeId, dictCode: 'ENTERPRISE', dictName: '企业', remark: 'x'.repeat(513) }, '备注不能超过512个字符'],
    ];
    for (const [body, msg] of cases) {
      const res = await call('/rest/dictItem/add', body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(res.body.msg, JSON.stringify(body)).toBe(msg);
    }
    const unit = (await stored('ORG_TYPE|UNIT'))!;
    const underItem = await call('/rest/dictItem/add', { parentId: String(unit.id), dictCode: 'X', dictName: '某' });
    expect(underItem.status).toBe(400);
    expect(underItem.body.msg).toBe('字典项只能添加在字典分类之下');
    expect((await call('/rest/dictItem/add', { parentId: '99999', dictCode: 'X', dictName: '某' })).body.msg).toBe('字典分类不存在或已被删除');
    expect((await call('/rest/dictItem/listByPage', {})).body.msg).toBe('请先选择字典分类 parentId');
    expect((await call('/rest/dictItem/deleteBatch', { ids: [] })).body.msg).toBe('请选择要删除的字典项');
    expect(await stored('ORG_TYPE|ENTERPRISE')).toBeUndefined();
  });

  it('locked items with 423: no edit, delete or batch delete, and nothing changes', async () => {
    const unit = (await stored('ORG_TYPE|UNIT'))!;
    const edit = await call('/rest/dictItem/edit', { dictId: String(unit.id), lockVersion: unit.lockVersion, dictCode: 'UNIT', dictName: '单位2' });
    expect(edit.status).toBe(423);
    expect(edit.body).toMatchObject({ code: '423', msg: '字典项「单位」已锁定，不能修改；如需修改请先解锁' });
    const del = await call('/rest/dictItem/delete', { dictId: String(unit.id) });
    expect(del.status).toBe(423);
    expect(del.body.msg).toBe('字典项「单位」已锁定，不能删除；如需删除请先解锁');
    const dept = (await stored('ORG_TYPE|DEPT'))!;
    const batch = await call('/rest/dictItem/deleteBatch', { ids: [String(unit.id), String(dept.id)] });
    expect(batch.status).toBe(423);
    expect(batch.body.msg).toBe('所选字典项中「单位」「部门」已锁定，不能删除；请先解锁或取消选择');
    expect(await stored('ORG_TYPE|UNIT')).toMatchObject({ dictName: '单位', lockVersion: unit.lockVersion });
  });
});

describe('dictionary items', () => {
  let enterprise: { dictId: string; lockVersion: number };

  it('adds a value to a locked category: full code CATEGORY|CODE, sorted last, logged, and readable at once', async () => {
    expect((await call('/rest/dict/getdictlists', { dictCategorys: ['ORG_TYPE'] })).body.data.ORG_TYPE).toHaveLength(5);
    const res = await call('/rest/dictItem/add', { parentId: orgTypeId, dictCode: 'ENTERPRISE', dictName: '企业', remark: '企业法人' });
    expect(res.body).toMatchObject({
      code: '0000', msg: '新增成功',
      data: { dictCode: 'ENTERPRISE', dictFullCode: 'ORG_TYPE|ENTERPRISE', dictType: 'ITEM', dictLevel: 2, dictSort: 6, lockFlag: false, parentId: orgTypeId, parent: 'ORG_TYPE', label: '企业', value: 'ENTERPRISE' },
    });
    enterprise = res.body.data;
    const log = (await logs('CREATE')).find((l) => l.entityId === enterprise.dictId);
    expect(log).toMatchObject({ summary: '新增字典项「企业」（ORG_TYPE|ENTERPRISE）', username: 'admin' });
    expect(log!.after).toMatchObject({ dictFullCode: 'ORG_TYPE|ENTERPRISE' });
    // The cache was dropped: forms see the new value, and the organisation module accepts it.
    const lists = await call('/rest/dict/getdictlists', { dictCategorys: ['ORG_TYPE'] });
    expect(lists.body.data.ORG_TYPE.map((i: { value: string }) => i.value)).toEqual(['UNIT', 'DEPT', 'OFFICE', 'EXTERNAL', 'NOMINATOR', 'ENTERPRISE']);
    const org = await call('/rest/organ/add', { orgCode: 'ACME', orgName: '某企业', orgType: 'ENTERPRISE', parentOrgId: '1' });
    expect(org.body).toMatchObject({ code: '0000' });

    const dup = await call('/rest/dictItem/add', { parentId: orgTypeId, dictCode: 'ENTERPRISE', dictName: '又一个' });
    expect(dup.status).toBe(409);
    expect(dup.body.msg).toBe('字典项编码「ENTERPRISE」在「机构类型」中已存在，请更换后重试');
    // The same code in another category is another value.
    const level = (await stored('ORG_LEVEL'))!;
    expect((await call('/rest/dictItem/add', { parentId: String(level.id), dictCode: 'ENTERPRISE', dictName: '企业级' })).status).toBe(200);
  });

  it('pages a category’s values by sort, searching code and name', async () => {
    const all = await page();
    expect(all.body.data).toMatchObject({ total: 6, pageNum: 1, pageSize: 20 });
    expect(codes(all)).toEqual(['UNIT', 'DEPT', 'OFFICE', 'EXTERNAL', 'NOMINATOR', 'ENTERPRISE']);
    expect(all.body.data.list[0]).toMatchObject({ dictName: '单位', lockFlag: true, parent: 'ORG_TYPE', delFlag: 0 });
    expect(codes(await page({ keyword: '企' }))).toEqual(['ENTERPRISE']);
    expect(codes(await page({ keyword: 'ext' }))).toEqual(['EXTERNAL']);
    expect(codes(await page({ keyword: '_' }))).toEqual([]);
    expect(codes(await page({ lockFlag: false }))).toEqual(['ENTERPRISE']);
    const second = await page({ pageParameter: { pageNum: 2, pageSize: 2 } });
    expect(codes(second)).toEqual(['OFFICE', 'EXTERNAL']);
  });

  it('edits with the lock version, refusing a stale one with 409 and a taken code with 409', async () => {
    const res = await call('/rest/dictItem/edit', { dictId: enterprise.dictId, lockVersion: 0, dictCode: 'COMPANY', dictName: '企业单位', remark: null });
    expect(res.body).toMatchObject({ msg: '修改成功', data: { dictCode: 'COMPANY', dictFullCode: 'ORG_TYPE|COMPANY', dictName: '企业单位', lockVersion: 1, dictSort: 6 } });
    const stale = await call('/rest/dictItem/edit', { dictId: enterprise.dictId, lockVersion: 0, dictCode: 'COMPANY', dictName: '企业' });
    expect(stale.status).toBe(409);
    expect(stale.body.msg).toBe('数据已被他人修改，请刷新后重试');
    const taken = await call('/rest/dictItem/edit', { dictId: enterprise.dictId, lockVersion: 1, dictCode: 'DEPT', dictName: '企业' });
    expect(taken.status).toBe(409);
    expect(taken.body.msg).toBe('字典项编码「DEPT」在「机构类型」中已存在，请更换后重试');
    const log = (await logs('UPDATE')).find((l) => l.entityId === enterprise.dictId);
    expect(log!.before).toMatchObject({ dictCode: 'ENTERPRISE' });
    expect(log!.after).toMatchObject({ dictCode: 'COMPANY' });
    const category = await call('/rest/dictItem/edit', { dictId: orgTypeId, lockVersion: 0, dictCode: 'X', dictName: 'X' });
    expect(category.body.msg).toBe('该记录是字典分类，请在左侧分类树中操作');
    enterprise = res.body.data;
  });

  it('locking a value stops editing it until unlocked', async () => {
    const lock = await call('/rest/dict/lock', { dictId: enterprise.dictId, lockVersion: 1, lockFlag: true });
    expect(lock.body.data).toMatchObject({ lockFlag: true, lockVersion: 2 });
    const edit = await call('/rest/dictItem/edit', { dictId: enterprise.dictId, lockVersion: 2, dictCode: 'COMPANY', dictName: '公司' });
    expect(edit.status).toBe(423);
    expect(edit.body.msg).toBe('字典项「企业单位」已锁定，不能修改；如需修改请先解锁');
    const unlock = await call('/rest/dict/lock', { dictId: enterprise.dictId, lockVersion: 2, lockFlag: false });
    expect(unlock.body.data).toMatchObject({ lockFlag: false, lockVersion: 3 });
    enterprise = unlock.body.data;
  });

  it('reorders a category’s values around the locked ones', async () => {
    const ids = (await page()).body.data.list.map((i: { dictId: string }) => i.dictId);
    const order = [ids[5], ...ids.slice(0, 5)];
    expect((await call('/rest/dict/treeSort', { parentId: orgTypeId, orderedIds: order })).body.msg).toBe('排序已保存');
    expect(codes(await page())).toEqual(['COMPANY', 'UNIT', 'DEPT', 'OFFICE', 'EXTERNAL', 'NOMINATOR']);
    const moveLocked = await call('/rest/dict/treeSort', { parentId: orgTypeId, orderedIds: [order[0], order[2], order[1], order[3], order[4], order[5]] });
    expect(moveLocked.status).toBe(423);
    expect(moveLocked.body.msg).toBe('字典项「部门」已锁定，不能移动；如需移动请先解锁');
    const [log] = await logs('SORT');
    expect(log).toMatchObject({ summary: '调整「机构类型」下字典项的顺序', before: ['UNIT', 'DEPT', 'OFFICE', 'EXTERNAL', 'NOMINATOR', 'COMPANY'], after: ['COMPANY', 'UNIT', 'DEPT', 'OFFICE', 'EXTERNAL', 'NOMINATOR'] });
  });

  it('exports the category’s values as a workbook', async () => {
    const res = await download(ctx.app, '/rest/dictItem/export', { parentId: orgTypeId }, admin);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-disposition']).toContain(encodeURIComponent('字典项_机构类型_'));
    const rows = await sheetRows(res.rawPayload);
    expect(rows[0]).toEqual(['字典项编码', '字典项名称', '完整编码', '排序', '锁定', '备注', '更新人', '更新时间']);
    expect(rows.slice(1).map((r) => [r[0], r[1], r[4]])).toEqual([
      ['COMPANY', '企业单位', '否'], ['UNIT', '单位', '是'], ['DEPT', '部门', '是'], ['OFFICE', '处室', '是'], ['EXTERNAL', '外部单位', '是'], ['NOMINATOR', '提名单位', '是'],
    ]);
    const filtered = await sheetRows((await download(ctx.app, '/rest/dictItem/export', { parentId: orgTypeId, keyword: '处' }, admin)).rawPayload);
    expect(filtered).toHaveLength(2);
  });

  it('deletes in a batch, all or nothing, then one by one under the lock version', async () => {
    const second = await call('/rest/dictItem/add', { parentId: orgTypeId, dictCode: 'SOCIETY', dictName: '学会' });
    const secondId = second.body.data.dictId;
    const missing = await call('/rest/dictItem/deleteBatch', { ids: [secondId, '99999'] });
    expect(missing.status).toBe(404);
    expect(missing.body.msg).toBe('部分字典项不存在或已被删除');
    const withCategory = await call('/rest/dictItem/deleteBatch', { ids: [secondId, orgTypeId] });
    expect(withCategory.status).toBe(400);
    expect(withCategory.body.msg).toBe('批量删除只能删除字典项，字典分类请在左侧分类树中删除');
    expect(await stored('ORG_TYPE|SOCIETY')).toBeDefined();

    const batch = await call('/rest/dictItem/deleteBatch', { ids: [secondId, enterprise.dictId] });
    expect(batch.body).toMatchObject({ code: '0000', msg: '删除成功', data: { deleted: 2 } });
    expect(codes(await page())).toEqual(['UNIT', 'DEPT', 'OFFICE', 'EXTERNAL', 'NOMINATOR']);
    expect((await logs('DELETE')).map((l) => l.summary)).toEqual(expect.arrayContaining(['删除字典项「学会」（ORG_TYPE|SOCIETY）', '删除字典项「企业单位」（ORG_TYPE|COMPANY）']));
    const lists = await call('/rest/dict/getdictlists', { dictCategorys: ['ORG_TYPE'] });
    expect(lists.body.data.ORG_TYPE.map((i: { value: string }) => i.value)).toEqual(['UNIT', 'DEPT', 'OFFICE', 'EXTERNAL', 'NOMINATOR']);

    const third = await call('/rest/dictItem/add', { parentId: orgTypeId, dictCode: 'SOCIETY', dictName: '学会' });
    expect(third.status).toBe(200);
    const stale = await call('/rest/dictItem/delete', { dictId: third.body.data.dictId, lockVersion: 5 });
    expect(stale.status).toBe(409);
    const res = await call('/rest/dictItem/delete', { dictId: third.body.data.dictId, lockVersion: 0 });
    expect(res.body).toMatchObject({ code: '0000', msg: '删除成功' });
    expect((await call('/rest/dictItem/delete', { dictId: third.body.data.dictId })).status).toBe(404);
  });
});
