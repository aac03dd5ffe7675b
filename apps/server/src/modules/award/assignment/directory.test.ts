import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestContext } from '../../../../test/helpers/testApp';
import { expertDirectory } from '../expert/module';
import { assignmentDirectory } from './module';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp();
});
afterAll(async () => {
  await ctx?.app.close();
});

const actor = { id: 1, name: 'admin' };

describe('the expert and assignment directories', () => {
  it('give the solver the expert as stored, and let only a confirmed, active assignment open a declaration', async () => {
    const db = ctx.database.db;
    const expertId = await expertDirectory.create(db, actor, {
      name: '王专家',
      idNumber: '11010519491231002x',
      unitName: '某某科技股份有限公司',
      unitCreditCode: '91350100M000100Y43',
      disciplineCodes: ['5201020', '520'],
      keywords: ['材料'],
      relations: [{ kind: 'KIN', personName: '王小明', personIdNumber: null, unitName: null, creditCode: null, from: null, until: null, note: null }],
      status: 'ACTIVE',
    });
    const [facts] = await expertDirectory.assignable(db, [expertId]);
    expect(facts).toMatchObject({ expertId: String(expertId), idNumber: '11010519491231002X', status: 'ACTIVE', disciplineCodes: ['5201020', '520'] });
    expect(facts!.relations).toEqual([{ kind: 'KIN', personName: '王小明', personIdNumber: null, unit: null, until: null }]);

    const groupId = await assignmentDirectory.createGroup(db, actor, { editionId: 1, prizeId: 1, groupName: '材料组' });
    await assignmentDirectory.addDeclarations(db, groupId, [900]);
    const [assignmentId] = await assignmentDirectory.addAssignments(db, actor, groupId, [{ declarationId: 900, expertId, role: 'MAIN', reason: '学科一致' }]);
    expect(await assignmentDirectory.activeFor(db, expertId, 900)).toBeNull();

    expect(await assignmentDirectory.move(db, actor, assignmentId!, ['PROPOSED'], 'PUSHED', { pushedAt: new Date() })).toBe(true);
    // Accepted without confirming no conflict: still nothing to read.
    expect(await assignmentDirectory.move(db, actor, assignmentId!, ['PUSHED'], 'ACCEPTED', { respondedAt: new Date() })).toBe(true);
    expect(await assignmentDirectory.activeFor(db, expertId, 900)).toBeNull();
    expect(await assignmentDirectory.move(db, actor, assignmentId!, ['ACCEPTED'], 'ACCEPTED', { noConflictConfirmedAt: new Date() })).toBe(true);
    expect((await assignmentDirectory.activeFor(db, expertId, 900))?.id).toBe(assignmentId);
    expect(await assignmentDirectory.activeFor(db, expertId, 901)).toBeNull();

    // A move from a state it is no longer in does nothing.
    expect(await assignmentDirectory.move(db, actor, assignmentId!, ['PUSHED'], 'DECLINED')).toBe(false);
    expect((await assignmentDirectory.reviewersOfGroup(db, groupId)).map((a) => a.id)).toEqual([assignmentId]);
    expect(await assignmentDirectory.declarationsOfGroup(db, groupId)).toEqual([900]);
  });
});
