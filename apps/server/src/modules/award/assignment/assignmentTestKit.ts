/** Fixtures of the assignment tests: accepted declarations, experts with accounts, a review group. */
import { asc, eq } from 'drizzle-orm';
import { createAccount, signIn } from '../../../../test/helpers/accounts';
import { sysMsg } from '../../message/msg/tables';
import { awardDeclaration } from '../declaration/tables';
import { createWorld, idNumber, newApplicant, PASSWORD, submitted, type DeclarationWorld } from '../declaration/declarationTestKit';
import { expertDirectory, type NewExpert } from '../expert/module';

export interface AssignmentWorld extends DeclarationWorld {
  declarations: string[];
  /** Experts by id → their sign-in headers (those with an account). */
  expertAuth: Map<string, Record<string, string>>;
  expertUser: Map<string, number>;
  conflicting: { sameUnit: string; completer: string };
  messagesTo(expertId: string): Promise<Array<typeof sysMsg.$inferSelect>>;
}

/**
 * Two declarations of 自然科学奖 moved to 受理 (by formal review's result: the row's status, the
 * way the declaration tests leave a declaration), six interchangeable experts, one of the
 * declarations' unit (another corporate form of its name) and one who is a completer; each with an account.
 */
export async function createAssignmentWorld(): Promise<AssignmentWorld> {
  const world = await createWorld();
  const db = world.ctx.database.db;
  const declarations: string[] = [];
  for (const [i, title] of ['智能电网调度方法', '高熵合金制备工艺'].entries()) {
    const who = await newApplicant(world, `assignapplicant${i}`);
    const { declarationId } = await submitted(world, who, [{ name: `完成人${i}`, id: idNumber(600 + i) }], title);
    await db.update(awardDeclaration).set({ status: 'ACCEPTED' }).where(eq(awardDeclaration.id, Number(declarationId)));
    declarations.push(declarationId);
  }
  const expertAuth = new Map<string, Record<string, string>>();
  const expertUser = new Map<string, number>();
  const expert = async (username: string, facts: Omit<NewExpert, 'userId' | 'status'>) => {
    const user = await createAccount(world.ctx.database, { username, password: PASSWORD, roleCodes: ['EXPERT'] });
    const id = String(await expertDirectory.create(db, null, { ...facts, userId: user.id, status: 'ACTIVE' }));
    expertAuth.set(id, { authorization: await signIn(world.ctx.app, username, PASSWORD) });
    expertUser.set(id, user.id);
    return id;
  };
  for (let i = 1; i <= 6; i++) await expert(`assignexpert${i}`, { name: `专家${i}`, unitName: `第${i}研究所`, disciplineCodes: ['430.25'], keywords: ['合金'] });
  // 甲大学 is every declaration's completing unit: "甲大学股份有限公司" is the same unit by name.
  const sameUnit = await expert('assignsameunit', { name: '同单位专家', unitName: '甲大学股份有限公司', disciplineCodes: ['430.25'] });
  const completer = await expert('assigncompleter', { name: '完成人0', idNumber: idNumber(600), unitName: '丙大学', disciplineCodes: ['430.25'] });
  return {
    ...world,
    declarations,
    expertAuth,
    expertUser,
    conflicting: { sameUnit, completer },
    async messagesTo(expertId: string) {
      const userId = expertUser.get(expertId);
      if (!userId) return [];
      return db.select().from(sysMsg).where(eq(sysMsg.userId, userId)).orderBy(asc(sysMsg.id));
    },
  };
}

