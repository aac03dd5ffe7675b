import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { sysOrg } from '../modules/system/org/tables';
import { createTestApp, type TestContext } from '../../test/helpers/testApp';
import { AppError, STALE_VERSION_MESSAGE } from './errors';
import { createdBy, notDeleted, softDelete, updateVersioned } from './records';
import { withTransaction } from './transaction';

let ctx: TestContext;
const alice = { id: 7, name: 'alice' };
const bob = { id: 8, name: 'bob' };

beforeAll(async () => {
  ctx = await createTestApp();
});
afterAll(async () => {
  await ctx.app.close();
});

async function newOrg(code: string) {
  const [row] = await ctx.database.db.insert(sysOrg).values({ orgCode: code, orgName: `机构${code}`, ...createdBy(alice) }).returning();
  return row!;
}

function expectAppError(err: unknown, status: number, message: string) {
  expect(err).toBeInstanceOf(AppError);
  expect((err as AppError).status).toBe(status);
  expect((err as AppError).message).toBe(message);
}

describe('audit fields', () => {
  it('are filled on insert', async () => {
    const org = await newOrg('A1');
    expect(org).toMatchObject({ createBy: 'alice', createById: 7, updateBy: 'alice', delFlag: 0, lockVersion: 0 });
    expect(org.createTime).toBeInstanceOf(Date);
  });
});

describe('updateVersioned', () => {
  it('updates, bumps lockVersion and records who changed it', async () => {
    const org = await newOrg('U1');
    const updated = await updateVersioned(ctx.database.db, sysOrg, org.id, 0, { orgName: '新名称' }, bob, '机构');
    expect(updated).toMatchObject({ orgName: '新名称', lockVersion: 1, updateBy: 'bob', updateById: 8, createBy: 'alice' });
    expect(updated.updateTime.getTime()).toBeGreaterThanOrEqual(org.updateTime.getTime());
  });

  it('refuses a stale lockVersion with 409 and changes nothing', async () => {
    const org = await newOrg('U2');
    await updateVersioned(ctx.database.db, sysOrg, org.id, 0, { orgName: '第一次' }, alice);
    const err = await updateVersioned(ctx.database.db, sysOrg, org.id, 0, { orgName: '第二次' }, bob).catch((e) => e);
    expectAppError(err, 409, STALE_VERSION_MESSAGE);
    const [stored] = await ctx.database.db.select().from(sysOrg).where(eq(sysOrg.id, org.id));
    expect(stored).toMatchObject({ orgName: '第一次', lockVersion: 1 });
  });

  it('lets exactly one of two concurrent updates with the same version win', async () => {
    const org = await newOrg('U3');
    const results = await Promise.allSettled([
      updateVersioned(ctx.database.db, sysOrg, org.id, 0, { orgName: '甲' }, alice),
      updateVersioned(ctx.database.db, sysOrg, org.id, 0, { orgName: '乙' }, bob),
    ]);
    expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(1);
    const rejected = results.find((r) => r.status === 'rejected') as PromiseRejectedResult;
    expectAppError(rejected.reason, 409, STALE_VERSION_MESSAGE);
  });

  it('answers 404 for a row that does not exist or was deleted', async () => {
    expectAppError(await updateVersioned(ctx.database.db, sysOrg, 999_999, 0, { orgName: 'x' }, alice, '机构').catch((e) => e), 404, '机构不存在或已被删除');
    const org = await newOrg('U4');
    await softDelete(ctx.database.db, sysOrg, org.id, 0, alice);
    expectAppError(await updateVersioned(ctx.database.db, sysOrg, org.id, 1, { orgName: 'x' }, alice, '机构').catch((e) => e), 404, '机构不存在或已被删除');
  });
});

describe('softDelete', () => {
  it('hides the row from notDeleted() queries but keeps it stored', async () => {
    const org = await newOrg('D1');
    const deleted = await softDelete(ctx.database.db, sysOrg, org.id, 0, bob);
    expect(deleted).toMatchObject({ delFlag: 1, lockVersion: 1, updateBy: 'bob' });
    const visible = await ctx.database.db.select().from(sysOrg).where(notDeleted(sysOrg));
    expect(visible.map((o) => o.id)).not.toContain(org.id);
    const [kept] = await ctx.database.db.select().from(sysOrg).where(eq(sysOrg.id, org.id));
    expect(kept).toBeDefined();
  });

  it('honours the optimistic lock when a version is given', async () => {
    const org = await newOrg('D2');
    await updateVersioned(ctx.database.db, sysOrg, org.id, 0, { remark: 'changed' }, alice);
    expectAppError(await softDelete(ctx.database.db, sysOrg, org.id, 0, bob).catch((e) => e), 409, STALE_VERSION_MESSAGE);
  });
});

describe('withTransaction', () => {
  it('rolls back every write when the work fails', async () => {
    const failure = new Error('boom');
    await expect(
      withTransaction(ctx.database.db, async (tx) => {
        await tx.insert(sysOrg).values({ orgCode: 'T1', orgName: '事务一', ...createdBy(alice) });
        await tx.insert(sysOrg).values({ orgCode: 'T2', orgName: '事务二', ...createdBy(alice) });
        throw failure;
      }),
    ).rejects.toBe(failure);
    const rows = await ctx.database.db.select().from(sysOrg).where(eq(sysOrg.orgCode, 'T1'));
    expect(rows).toHaveLength(0);
  });

  it('reuses an open transaction so nested work commits or rolls back with it', async () => {
    await expect(
      withTransaction(ctx.database.db, async (outer) => {
        await withTransaction(outer, async (inner) => {
          expect(inner).toBe(outer);
          await inner.insert(sysOrg).values({ orgCode: 'T3', orgName: '嵌套', ...createdBy(alice) });
        });
        throw new Error('outer fails');
      }),
    ).rejects.toThrow('outer fails');
    expect(await ctx.database.db.select().from(sysOrg).where(eq(sysOrg.orgCode, 'T3'))).toHaveLength(0);
  });

  it('commits when the work succeeds', async () => {
    await withTransaction(ctx.database.db, (tx) => tx.insert(sysOrg).values({ orgCode: 'T4', orgName: '提交', ...createdBy(alice) }));
    expect(await ctx.database.db.select().from(sysOrg).where(eq(sysOrg.orgCode, 'T4'))).toHaveLength(1);
  });
});
