import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BASE_DICTIONARIES } from '../../../db/seed/dicts';
import { and, eq } from 'drizzle-orm';
import { createAccount, signIn } from '../../../../test/helpers/accounts';
import { createTestApp, post, type TestContext } from '../../../../test/helpers/testApp';
import { TEST_ADMIN_PASSWORD } from '../../../../test/helpers/testDatabase';
import { sysOperLog } from '../../../core/audit';
import { baseDict } from './tables';
import { expectRefusedToOutsiders } from '../../../../test/helpers/refusals';

let ctx: TestContext;
let admin: Record<string, string>;
let clerk: Record<string, string>;

const call = (url: string, body: unknown, headers = admin) => post(ctx.app, url, body, headers);
const logs = (action: string) =>
  ctx.database.db.select().from(sysOperLog).where(and(eq(sysOperLog.module, 'base:dict'), eq(sysOperLog.action, action)));
const stored = async (fullCode: string) =>
  (await ctx.database.db.select().from(baseDict).where(and(eq(baseDict.dictFullCode, fullCode), eq(baseDict.delFlag, 0))))[0];
const treeCodes = (nodes: Array<{ dictCode: string; childrens: unknown[] }>): unknown[] =>
  nodes.map((n) => (n.childrens.length ? { [n.dictCode]: treeCodes(n.childrens as never) } : n.dictCode));

const urls = ['dictTree', 'treeList', 'detail', 'add', 'edit', 'delete', 'treeSort', 'lock', 'refresh', 'queryApp'].map((m) => `/rest/dict/${m}`);

beforeAll(async () => {
  ctx = await createTestApp();
  admin = { authorization: await signIn(ctx.app, 'admin', TEST_ADMIN_PASSWORD) };
  await createAccount(ctx.database, { username: 'clerk', password: 'Clerk@2026x', roleCodes: ['APPLICANT'] });
  clerk = { authorization: await signIn(ctx.app, 'clerk', 'Clerk@2026x') };
  const app = await call('/rest/app/add', { appCode: 'declare', appName: '申报系统', visitUrl: 'https://declare.example.cn', path: '/', status: 'NORMAL', sort: 1 });
  expect(app.status).toBe(200);
});
afterAll(async () => {
  await ctx.app.close();
});

describe('dictionary category routes refuse', () => {
  it('anonymous callers with 401 and callers without the code with 403', async () => {
    await expectRefusedToOutsiders(ctx.app, urls, clerk);
  });

  it('invalid input with 400 and the exact message; required fields say 填写内容不能为空', async () => {
    const cases: Array<[unknown, string]> = [
      [{ dictName: '学科' }, '填写内容不能为空'],
      [{ dictCode: '  ', dictName: '学科' }, '填写内容不能为空'],
      [{ dictCode: 'SUBJECT' }, '填写内容不能为空'],
      [{ dictCode: 'SUBJECT', dictName: '' }, '填写内容不能为空'],
      [{ dictCode: '学科', dictName: '学科' }, '字典编码只能包含字母、数字和下划线'],
      [{ dictCode: 'A|B', dictName: '学科' }, '字典编码只能包含字母、数字和下划线'],
      [{ dictCode: 'X'.repeat(65), dictName: '学科' }, '字典编码不能超过64个字符'],
      [{ dictCode: 'SUBJECT', dictName: '学科', dictSort: -1 }, '排序不能小于0'],
      [{ dictCode: 'SUBJECT', dictName: '学科', appCode: 'no_such_app' }, '应用「no_such_app」不存在'],
      [{ dictCode: 'SUBJECT', dictName: '学科', parentId: 'abc' }, '编号格式不正确'],
    ];
    for (const [body, msg] of cases) {
      const res = await call('/rest/dict/add', body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(res.body.msg, JSON.stringify(body)).toBe(msg);
    }
    const item = (await stored('ORG_TYPE|UNIT'))!;
    const underItem = await call('/rest/dict/add', { dictCode: 'SUBJECT', dictName: '学科', parentId: String(item.id) });
    expect(underItem.body.msg).toBe('上级只能是字典分类');
    expect(await stored('SUBJECT')).toBeUndefined();
    expect((await call('/rest/dict/lock', { dictId: String(item.id), lockVersion: 0 })).body.msg).toBe('请指定 lockFlag：true 锁定，false 解锁');
    expect((await call('/rest/dict/treeSort', { orderedIds: [] })).body.msg).toBe('请提供排序后的字典列表');
  });

  it('locked categories with 423: no edit, move or delete', async () => {
    const orgType = (await stored('ORG_TYPE'))!;
    expect(orgType.lockFlag).toBe(true);
    const edit = await call('/rest/dict/edit', { dictId: String(orgType.id), lockVersion: orgType.lockVersion, dictCode: 'ORG_TYPE', dictName: '机构种类' });
    expect(edit.status).toBe(423);
    expect(edit.body).toMatchObject({ code: '423', success: false, msg: '字典分类「机构类型」已锁定，不能修改；如需修改请先解锁' });
    const del = await call('/rest/dict/delete', { dictId: String(orgType.id) });
    expect(del.status).toBe(423);
    expect(del.body.msg).toBe('字典分类「机构类型」已锁定，不能删除；如需删除请先解锁');
    const group = await call('/rest/dict/add', { dictCode: 'SYS_GROUP', dictName: '系统字典' });
    const move = await call('/rest/dict/edit', { dictId: String(orgType.id), lockVersion: orgType.lockVersion, parentId: group.body.data.dictId, dictCode: 'ORG_TYPE', dictName: '机构类型' });
    expect(move.status).toBe(423);
    expect(move.body.msg).toBe('字典分类「机构类型」已锁定，不能移动；如需移动请先解锁');
    expect((await stored('ORG_TYPE'))!).toMatchObject({ dictName: '机构类型', parentId: null, lockVersion: orgType.lockVersion });
    await call('/rest/dict/delete', { dictId: group.body.data.dictId });
  });
});

describe('dictionary categories', () => {
  let subject: { dictId: string; lockVersion: number };
  let group: { dictId: string; lockVersion: number };

  it('adds a category: full code and level computed, sorted last, with an operation-log row', async () => {
    const res = await call('/rest/dict/add', { dictCode: 'SUBJECT', dictName: '学科分类', remark: '国家标准学科' });
    expect(res.body).toMatchObject({
      code: '0000', msg: '新增成功',
      data: { dictCode: 'SUBJECT', dictFullCode: 'SUBJECT', dictName: '学科分类', dictType: 'DICT', dictLevel: 1, dictSort: BASE_DICTIONARIES.length + 1, lockFlag: false, appCode: null, parentId: null, label: '学科分类', value: 'SUBJECT', parent: null, lockVersion: 0, createBy: 'admin' },
    });
    subject = res.body.data;
    const log = (await logs('CREATE')).find((l) => l.entityId === subject.dictId);
    expect(log).toMatchObject({ username: 'admin', summary: '新增字典分类「学科分类」（SUBJECT）' });
    expect(log!.after).toMatchObject({ dictCode: 'SUBJECT', dictFullCode: 'SUBJECT' });

    const dup = await call('/rest/dict/add', { dictCode: 'SUBJECT', dictName: '另一个' });
    expect(dup.status).toBe(409);
    expect(dup.body.msg).toBe('字典分类编码「SUBJECT」已存在，请更换后重试');
  });

  it('nests a category under another (PARENT|CODE), inheriting the top category’s app, at most three levels deep', async () => {
    const top = await call('/rest/dict/add', { dictCode: 'DECLARE', dictName: '申报字典', appCode: 'declare' });
    expect(top.body.data).toMatchObject({ appCode: 'declare', dictLevel: 1 });
    group = top.body.data;
    const child = await call('/rest/dict/add', { dictCode: 'PRIZE_KIND', dictName: '奖项类别', parentId: group.dictId, appCode: null });
    expect(child.body.data).toMatchObject({ dictFullCode: 'DECLARE|PRIZE_KIND', dictLevel: 2, appCode: 'declare', parent: 'DECLARE', dictSort: 1 });
    const grandchild = await call('/rest/dict/add', { dictCode: 'PRIZE_SUB', dictName: '奖项子类', parentId: child.body.data.dictId });
    expect(grandchild.body.data).toMatchObject({ dictFullCode: 'DECLARE|PRIZE_KIND|PRIZE_SUB', dictLevel: 3 });
    const tooDeep = await call('/rest/dict/add', { dictCode: 'TOO_DEEP', dictName: '太深', parentId: grandchild.body.data.dictId });
    expect(tooDeep.status).toBe(400);
    expect(tooDeep.body.msg).toBe('字典分类最多 3 级');
    const dupNested = await call('/rest/dict/add', { dictCode: 'ORG_TYPE', dictName: '重复', parentId: group.dictId });
    expect(dupNested.status).toBe(409);
  });

  it('answers the category tree with item counts, filtered by keyword (ancestors kept) or by app', async () => {
    const all = await call('/rest/dict/dictTree', {});
    expect(all.body.data.find((n: { dictCode: string }) => n.dictCode === 'ORG_TYPE')).toMatchObject({ itemCount: 5, childrens: [] });
    expect(treeCodes(all.body.data)).toContainEqual({ DECLARE: [{ PRIZE_KIND: ['PRIZE_SUB'] }] });
    const byKeyword = await call('/rest/dict/dictTree', { keyword: '子类' });
    expect(treeCodes(byKeyword.body.data)).toEqual([{ DECLARE: [{ PRIZE_KIND: ['PRIZE_SUB'] }] }]);
    const byCode = await call('/rest/dict/dictTree', { keyword: 'org_' });
    expect(treeCodes(byCode.body.data)).toEqual(['ORG_TYPE', 'ORG_LEVEL', 'ORG_STATUS']);
    const byApp = await call('/rest/dict/dictTree', { appCode: 'declare' });
    expect(treeCodes(byApp.body.data)).toEqual([{ DECLARE: [{ PRIZE_KIND: ['PRIZE_SUB'] }] }]);
    const shared = await call('/rest/dict/dictTree', { appCode: null });
    expect(treeCodes(shared.body.data)).not.toContainEqual(expect.objectContaining({ DECLARE: expect.anything() }));
    expect(treeCodes(shared.body.data)).toContain('SUBJECT');
    expect((await call('/rest/dict/dictTree', { appCode: '' })).body.data).toEqual(shared.body.data);
  });

  it('answers the whole tree with items under childrens, or one category’s subtree', async () => {
    const one = await call('/rest/dict/treeList', { dictCode: 'ROLE_TYPE' });
    expect(one.body.data).toHaveLength(1);
    expect(one.body.data[0]).toMatchObject({ dictCode: 'ROLE_TYPE', dictType: 'DICT' });
    expect(one.body.data[0].childrens.map((c: { value: string; label: string; parent: string }) => [c.value, c.label, c.parent])).toEqual([
      ['SYS', '系统', 'ROLE_TYPE'], ['CENTER', '中心', 'ROLE_TYPE'], ['CLIENT', '客户端', 'ROLE_TYPE'],
    ]);
    const all = await call('/rest/dict/treeList', {});
    expect(all.body.data.map((n: { dictCode: string }) => n.dictCode)).toEqual(expect.arrayContaining(['ORG_TYPE', 'SUBJECT', 'DECLARE']));
    const missing = await call('/rest/dict/treeList', { dictCode: 'NO_SUCH' });
    expect(missing.status).toBe(404);
    expect(missing.body.msg).toBe('字典分类「NO_SUCH」不存在或已被删除');
  });

  it('details an entry (a category or a value) with its parent’s code', async () => {
    const unit = (await stored('ORG_TYPE|UNIT'))!;
    const res = await call('/rest/dict/detail', { dictId: String(unit.id) });
    expect(res.body.data).toMatchObject({ dictId: String(unit.id), dictCode: 'UNIT', dictType: 'ITEM', parent: 'ORG_TYPE', lockFlag: true, label: '单位', value: 'UNIT' });
    expect((await call('/rest/dict/detail', { dictId: subject.dictId })).body.data).toMatchObject({ dictCode: 'SUBJECT', parent: null });
    expect((await call('/rest/dict/detail', { dictId: '99999' })).status).toBe(404);
  });

  it('edits with the lock version and refuses a stale one with 409', async () => {
    const res = await call('/rest/dict/edit', { dictId: subject.dictId, lockVersion: 0, dictCode: 'SUBJECT', dictName: '学科', remark: null });
    expect(res.body).toMatchObject({ msg: '修改成功', data: { dictName: '学科', lockVersion: 1, remark: null } });
    const stale = await call('/rest/dict/edit', { dictId: subject.dictId, lockVersion: 0, dictCode: 'SUBJECT', dictName: '学科分类' });
    expect(stale.status).toBe(409);
    expect(stale.body.msg).toBe('数据已被他人修改，请刷新后重试');
    const [log] = await logs('UPDATE');
    expect(log!.before).toMatchObject({ dictName: '学科分类' });
    expect(log!.after).toMatchObject({ dictName: '学科' });
    subject = res.body.data;
  });

  it('moving a category carries its subtree: full codes, levels and app follow', async () => {
    const kind = (await stored('DECLARE|PRIZE_KIND'))!;
    await call('/rest/dictItem/add', { parentId: String(kind.id), dictCode: 'NATURE', dictName: '自然科学奖' });
    const moved = await call('/rest/dict/edit', { dictId: String(kind.id), lockVersion: kind.lockVersion, parentId: null, dictCode: 'PRIZE_KIND', dictName: '奖项类别' });
    expect(moved.body.data).toMatchObject({ dictFullCode: 'PRIZE_KIND', dictLevel: 1, parentId: null, appCode: null });
    expect(await stored('PRIZE_KIND|PRIZE_SUB')).toMatchObject({ dictLevel: 2, appCode: null });
    expect(await stored('PRIZE_KIND|NATURE')).toMatchObject({ dictLevel: 2, dictType: 'ITEM' });
    expect(await stored('DECLARE|PRIZE_KIND|NATURE')).toBeUndefined();
    const [log] = await logs('MOVE');
    expect(log).toMatchObject({ summary: '移动字典分类「奖项类别」（PRIZE_KIND）' });
    expect(log!.before).toMatchObject({ dictFullCode: 'DECLARE|PRIZE_KIND', parent: 'DECLARE' });

    const sub = (await stored('PRIZE_KIND|PRIZE_SUB'))!;
    const underItself = await call('/rest/dict/edit', { dictId: String(kind.id), lockVersion: moved.body.data.lockVersion, parentId: String(sub.id), dictCode: 'PRIZE_KIND', dictName: '奖项类别' });
    expect(underItself.status).toBe(400);
    expect(underItself.body.msg).toBe('不能把字典分类移到它自己或它的下级分类之下');
    // Renaming the code renames every descendant's full code.
    const renamed = await call('/rest/dict/edit', { dictId: String(kind.id), lockVersion: moved.body.data.lockVersion, parentId: group.dictId, dictCode: 'AWARD_KIND', dictName: '奖项类别' });
    expect(renamed.body.data).toMatchObject({ dictFullCode: 'DECLARE|AWARD_KIND', appCode: 'declare' });
    expect(await stored('DECLARE|AWARD_KIND|NATURE')).toMatchObject({ dictLevel: 3 });
    expect(await stored('DECLARE|AWARD_KIND|PRIZE_SUB')).toMatchObject({ appCode: 'declare', dictLevel: 3 });
  });

  it('refuses to delete a category that still has sub-categories or items, saying why, and deletes an empty one', async () => {
    const declare = await call('/rest/dict/delete', { dictId: group.dictId });
    expect(declare.status).toBe(409);
    expect(declare.body.msg).toBe('字典分类「申报字典」下还有 1 个下级分类，请先删除下级分类');
    const kind = (await stored('DECLARE|AWARD_KIND'))!;
    expect((await call('/rest/dict/delete', { dictId: String(kind.id) })).body.msg).toBe('字典分类「奖项类别」下还有 1 个下级分类，请先删除下级分类');
    const sub = (await stored('DECLARE|AWARD_KIND|PRIZE_SUB'))!;
    expect((await call('/rest/dict/delete', { dictId: String(sub.id) })).body.msg).toBe('删除成功');
    const withItems = await call('/rest/dict/delete', { dictId: String(kind.id) });
    expect(withItems.status).toBe(409);
    expect(withItems.body.msg).toBe('字典分类「奖项类别」下还有 1 个字典项，请先删除字典项');
    expect(await stored('DECLARE|AWARD_KIND|NATURE')).toBeDefined();

    const stale = await call('/rest/dict/delete', { dictId: subject.dictId, lockVersion: 0 });
    expect(stale.status).toBe(409);
    const res = await call('/rest/dict/delete', { dictId: subject.dictId, lockVersion: subject.lockVersion });
    expect(res.body).toMatchObject({ code: '0000', msg: '删除成功' });
    expect(await stored('SUBJECT')).toBeUndefined();
    expect((await call('/rest/dict/detail', { dictId: subject.dictId })).status).toBe(404);
    const log = (await logs('DELETE')).find((l) => l.entityId === subject.dictId);
    expect(log).toMatchObject({ summary: '删除字典分类「学科」（SUBJECT）' });
    // The code is free again once deleted.
    expect((await call('/rest/dict/add', { dictCode: 'SUBJECT', dictName: '学科' })).status).toBe(200);
  });

  it('locks and unlocks under the lock version, logging each', async () => {
    const row = (await stored('SUBJECT'))!;
    const lock = await call('/rest/dict/lock', { dictId: String(row.id), lockVersion: row.lockVersion, lockFlag: true });
    expect(lock.body).toMatchObject({ msg: '已锁定', data: { lockFlag: true, lockVersion: row.lockVersion + 1 } });
    expect((await call('/rest/dict/lock', { dictId: String(row.id), lockVersion: row.lockVersion, lockFlag: false })).status).toBe(409);
    expect((await call('/rest/dict/edit', { dictId: String(row.id), lockVersion: row.lockVersion + 1, dictCode: 'SUBJECT', dictName: '改名' })).status).toBe(423);
    const unlock = await call('/rest/dict/lock', { dictId: String(row.id), lockVersion: row.lockVersion + 1, lockFlag: false });
    expect(unlock.body).toMatchObject({ msg: '已解锁', data: { lockFlag: false } });
    expect((await logs('LOCK'))[0]).toMatchObject({ summary: '锁定字典分类「学科」（SUBJECT）' });
    expect((await logs('UNLOCK'))[0]).toMatchObject({ summary: '解锁字典分类「学科」（SUBJECT）' });
  });

  it('reorders siblings; locked entries keep their order among themselves', async () => {
    const top = (await call('/rest/dict/dictTree', {})).body.data as Array<{ dictId: string; dictCode: string; lockFlag: boolean }>;
    const ids = top.map((n) => n.dictId);
    const subjectId = top.find((n) => n.dictCode === 'SUBJECT')!.dictId;
    // Unlocked SUBJECT goes first: locked ones keep their relative order.
    const order = [subjectId, ...ids.filter((i) => i !== subjectId)];
    const res = await call('/rest/dict/treeSort', { parentId: null, orderedIds: order });
    expect(res.body).toMatchObject({ code: '0000', msg: '排序已保存' });
    const after = (await call('/rest/dict/dictTree', {})).body.data as Array<{ dictId: string; dictSort: number }>;
    expect(after.map((n) => n.dictId)).toEqual(order);
    expect(after.map((n) => n.dictSort)).toEqual(order.map((_, i) => i + 1));
    const [log] = await logs('SORT');
    expect(log).toMatchObject({ summary: '调整顶级字典分类的顺序' });
    expect((log!.after as string[])[0]).toBe('SUBJECT');

    // Swapping two locked categories moves them: refused, nothing changes.
    const swapped = [...order];
    [swapped[1], swapped[2]] = [swapped[2]!, swapped[1]!];
    const locked = await call('/rest/dict/treeSort', { parentId: null, orderedIds: swapped });
    expect(locked.status).toBe(423);
    expect(locked.body.msg).toMatch(/^字典分类「.+」已锁定，不能移动；如需移动请先解锁$/);
    expect(((await call('/rest/dict/dictTree', {})).body.data as Array<{ dictId: string }>).map((n) => n.dictId)).toEqual(order);

    const partial = await call('/rest/dict/treeSort', { parentId: null, orderedIds: order.slice(1) });
    expect(partial.status).toBe(400);
    expect(partial.body.msg).toBe('排序列表必须恰好包含同一上级下的全部同类字典');
    const twice = await call('/rest/dict/treeSort', { parentId: null, orderedIds: [subjectId, subjectId] });
    expect(twice.body.msg).toBe('排序列表中有重复的字典');
  });

  it('queryApp lists every application with its categories, and init carries them as appDicts', async () => {
    const res = await call('/rest/dict/queryApp', {});
    expect(res.body.data).toEqual([
      { appCode: 'declare', appName: '申报系统', status: 'NORMAL', dicts: [expect.objectContaining({ dictCode: 'DECLARE', dictName: '申报字典' }), expect.objectContaining({ dictCode: 'AWARD_KIND' })] },
    ]);
    expect(typeof res.body.data[0].dicts[0].dictId).toBe('string');
    const init = await call('/rest/index/init', {});
    expect(init.body.data.appDicts).toEqual({
      declare: [{ dictCode: 'DECLARE', dictName: '申报字典' }, { dictCode: 'AWARD_KIND', dictName: '奖项类别' }],
    });
  });
});
