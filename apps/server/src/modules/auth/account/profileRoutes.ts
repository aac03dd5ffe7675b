import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { CHINESE_ID_PATTERN, ID_NUMBER_MESSAGE, isIdNumber, isValidChineseIdNumber, zEmail, zMobile } from '@dandelion/shared';
import { envelopeOf, ok } from '../../../core/envelope';
import { SIGNED_IN, type Principal } from '../../../core/permissions';
import type { Actor } from '../../../core/records';
import { zDateTime } from '@dandelion/shared';
import type { ProfileService } from './profileService';
import { zRealname, zSmsCode } from './schemas';

const actorOf = (p: Principal | null): Actor => ({ id: p!.userId, name: p!.username });

/** ID_CARD: 18-character resident ID with its check digit and birth date; PASSPORT: 6–15 letters or digits. */
const identityBody = z
  .object({
    realname: zRealname,
    idType: z.enum(['ID_CARD', 'PASSPORT'], { error: '证件类型只能是身份证（ID_CARD）或护照（PASSPORT）' }),
    idNumber: z.string({ error: ID_NUMBER_MESSAGE }).trim().toUpperCase(),
  })
  .refine(
    (b) => (b.idType === 'ID_CARD' ? CHINESE_ID_PATTERN.test(b.idNumber) && isValidChineseIdNumber(b.idNumber) : !CHINESE_ID_PATTERN.test(b.idNumber) && isIdNumber(b.idNumber)),
    { message: ID_NUMBER_MESSAGE, path: ['idNumber'] },
  );

const identitySchema = z.object({
  identityVerified: z.boolean(),
  realname: z.string().nullable(),
  idType: z.string().nullable(),
  idNumberMasked: z.string().nullable(),
  verifiedAt: zDateTime.nullable(),
});

/** The signed-in user's phone, email and identity (spec §7 bindPhone, updUserPhoneAndMail, identify). */
export function registerProfileRoutes(app: FastifyInstance, deps: { profile: ProfileService }) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { profile } = deps;

  r.post(
    '/rest/user/bindPhone',
    {
      config: { permission: SIGNED_IN },
      schema: {
        tags: ['账号绑定'],
        summary: '绑定或更换手机号：需先向新号码获取 BIND_PHONE 短信验证码；号码已被其他账号绑定时返回 409',
        body: z.object({ phone: zMobile, code: zSmsCode }),
        response: { 200: envelopeOf(z.object({ phone: z.string() })) },
      },
    },
    async (request) => ok(await profile.bindPhone(actorOf(request.principal), request.body.phone, request.body.code), '手机号绑定成功'),
  );

  r.post(
    '/rest/register/updUserPhoneAndMail',
    {
      config: { permission: SIGNED_IN },
      schema: {
        tags: ['账号绑定'],
        summary: '修改本人手机号和/或邮箱：更换手机号需 BIND_PHONE 短信验证码',
        body: z.object({ phone: zMobile.optional(), code: zSmsCode.optional(), email: zEmail.optional() }),
        response: { 200: envelopeOf(z.object({ phone: z.string().nullable(), email: z.string().nullable() })) },
      },
    },
    async (request) => ok(await profile.updatePhoneAndMail(actorOf(request.principal), request.body), '修改成功'),
  );

  r.post(
    '/rest/identify/verify',
    {
      config: { permission: SIGNED_IN },
      schema: {
        tags: ['实名认证'],
        summary: '实名认证：真实姓名 + 证件号（身份证校验位与出生日期、护照格式）；认证后不可自行更改',
        body: identityBody,
        response: { 200: envelopeOf(identitySchema) },
      },
    },
    async (request) => ok(await profile.verifyIdentity(actorOf(request.principal), request.body), '实名认证成功'),
  );

  r.post(
    '/rest/identify/get',
    {
      config: { permission: SIGNED_IN },
      schema: { tags: ['实名认证'], summary: '本人的实名认证状态（证件号脱敏）', response: { 200: envelopeOf(identitySchema) } },
    },
    async (request) => ok(await profile.identity(actorOf(request.principal))),
  );
}
