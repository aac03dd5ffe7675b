/** Fixtures of the portal prize page tests: the declaration world plus awarded declarations and known captchas. */
import { DECLARATION_SECTIONS, type DeclarationSection } from '@dandelion/shared/award/prize';
import type { DeclarationStatus } from '@dandelion/shared/award/declaration';
import type { PrizeGrade } from '@dandelion/shared/award/prize';
import { createdBy } from '../../../core/records';
import { sha256Hex } from '../../../core/token';
import { sysCaptcha } from '../../../db/schema';
import { awardDeclaration } from '../declaration/tables';
import type { DeclarationWorld } from '../declaration/declarationTestKit';

const EMPTY_CONTENT = Object.fromEntries(DECLARATION_SECTIONS.map((s) => [s, null])) as Record<DeclarationSection, null>;
let serial = 0;

/** A person's private details, which no portal answer may carry. */
export const PRIVATE = { idNumber: '11010519491231002X', phone: '13800138000', email: 'zhang@example.com' };

/**
 * A declaration of the world's edition as the last stretch leaves it (the earlier stages are the
 * declaration module's tests): by default AWARDED, public, completed by 甲大学.
 */
export async function awardedDeclaration(
  world: DeclarationWorld,
  title: string,
  options: { status?: DeclarationStatus; secrecy?: 'PUBLIC' | 'INTERNAL' | 'SECRET' | null; grade?: PrizeGrade; unitOrgId?: number | null; prize?: string } = {},
): Promise<number> {
  const n = ++serial;
  const secrecy = options.secrecy === undefined ? 'PUBLIC' : options.secrecy;
  const [row] = await world.ctx.database.db
    .insert(awardDeclaration)
    .values({
      editionId: Number(world.editionId),
      prizeId: Number(world.prizeIds[options.prize ?? 'ZRKX']),
      applicantId: 900_000 + n,
      applicantName: '申报人',
      unitOrgId: options.unitOrgId === undefined ? world.orgs.unitA : options.unitOrgId,
      title,
      status: options.status ?? 'AWARDED',
      awardGrade: options.grade ?? 'FIRST',
      secrecy,
      firstCompleter: '张三',
      registrationNo: `ZRKX2041${String(n).padStart(4, '0')}`,
      content: {
        ...EMPTY_CONTENT,
        BASIC: { title, secrecy: secrecy ?? undefined, keywords: ['高熵合金', '材料设计'] },
        COMPLETERS: { completers: [{ name: '张三', ...PRIVATE, title: '教授', unitName: '甲大学', contribution: '总体方案' }] },
        UNITS: { units: [{ unitName: '甲大学', creditCode: '91110000000000001X' }] },
        SUMMARY: { summary: '<p>提出了<strong>高熵合金</strong>的设计方法。</p>' },
      },
      ...createdBy(null),
    } as typeof awardDeclaration.$inferInsert)
    .returning({ id: awardDeclaration.id });
  return row!.id;
}

/** A captcha whose answer the test knows: the row /rest/captcha/png stores. */
export async function knownCaptcha(world: DeclarationWorld, code = 'abcd'): Promise<{ captchaKey: string; captchaCode: string }> {
  const captchaKey = `test-${Math.random().toString(36).slice(2)}`;
  await world.ctx.database.db.insert(sysCaptcha).values({ captchaKey, codeHash: sha256Hex(code), expiresAt: new Date(Date.now() + 60_000), ...createdBy(null) });
  return { captchaKey, captchaCode: code };
}
