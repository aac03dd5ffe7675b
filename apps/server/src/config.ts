import path from 'node:path';
import { z } from 'zod';
import { decodeKey32 } from './core/secretKey';

/**
 * Every setting the server reads, parsed and validated once at start-up.
 * Nothing else in the server reads process.env.
 */
const booleanFromEnv = z
  .enum(['true', 'false', '1', '0', 'yes', 'no'])
  .transform((v) => v === 'true' || v === '1' || v === 'yes');

const oidcProvidersSchema = z.array(
  z.object({
    code: z.string().regex(/^[a-z][a-z0-9_-]{1,31}$/),
    name: z.string().min(1),
    issuer: z.url(),
    clientId: z.string().min(1),
    clientSecret: z.string().optional(),
    scope: z.string().default('openid profile email phone'),
  }),
);
export type OidcProviderConfig = z.infer<typeof oidcProvidersSchema>[number];

const configSchema = z.object({
  NODE_ENV: z.enum(['production', 'development', 'test']).default('production'),
  HOST: z.string().min(1).default('127.0.0.1'),
  PORT: z.coerce.number().int().min(0).max(65535).default(8080),
  DATA_DIR: z.string().min(1).default('./data'),
  /** Uploaded files, content-addressed; defaults to DATA_DIR/files. Several instances must share it. */
  FILES_DIR: z.string().min(1).optional(),
  DATABASE_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\/.+/, '必须是 postgres:// 或 postgresql:// 开头的连接串')
    .optional(),
  DATABASE_POOL_MAX: z.coerce.number().int().min(1).max(200).default(10),
  REDIS_URL: z
    .string()
    .regex(/^rediss?:\/\/.+/, '必须是 redis:// 或 rediss:// 开头的连接串')
    .optional(),
  /** Put before every Redis key: several deployments may share one Redis. */
  REDIS_KEY_PREFIX: z.string().min(1).max(64).default('dandelion:'),
  ADMIN_PASSWORD: z.string().min(8, '至少 8 个字符').optional(),
  /** The key operation-log rows are sealed with; unset: a key file in DATA_DIR (set it when instances share PostgreSQL). */
  AUDIT_SEAL_KEY: z.string().min(32, '至少 32 个字符').optional(),
  /** The Chinese font award certificates embed (a .ttf/.otf, or a .ttc/.otc with CERTIFICATE_FONT_FAMILY naming the face). */
  CERTIFICATE_FONT: z.string().min(1).optional(),
  CERTIFICATE_FONT_FAMILY: z.string().min(1).optional(),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  BODY_LIMIT_BYTES: z.coerce.number().int().min(1024).max(1024 * 1024 * 1024).default(1024 * 1024),
  TRUST_PROXY: booleanFromEnv.default(false),
  SHUTDOWN_TIMEOUT_MS: z.coerce.number().int().min(100).max(600_000).default(10_000),
  WEB_DIST_DIR: z.string().optional(),
  /** The address browsers use to reach this server (behind a proxy it differs from HOST:PORT); CAS and OIDC callbacks are built on it. */
  PUBLIC_URL: z.url({ protocol: /^https?$/, error: '必须是 http:// 或 https:// 开头的地址' }).optional(),
  /** log: SMS are recorded in the SMS log only (no gateway needed); webhook: POSTed to SMS_WEBHOOK_URL. */
  SMS_PROVIDER: z.enum(['log', 'webhook']).default('log'),
  SMS_WEBHOOK_URL: z.url({ protocol: /^https?$/, error: '必须是 http:// 或 https:// 开头的地址' }).optional(),
  /** Shared secret: the webhook request carries an HMAC-SHA256 signature of its body. */
  SMS_WEBHOOK_SECRET: z.string().min(16, '至少 16 个字符').optional(),
  /** SMTP server for template e-mail; unset: e-mail is only recorded in the send log (like SMS_PROVIDER=log). */
  SMTP_HOST: z.string().min(1).optional(),
  /** 465 (TLS from the start, the default) or 587/25 (STARTTLS when offered). */
  SMTP_PORT: z.coerce.number().int().min(1).max(65535).default(465),
  /** TLS from the start; defaults to true on port 465 only. */
  SMTP_SECURE: booleanFromEnv.optional(),
  SMTP_USER: z.string().min(1).optional(),
  SMTP_PASS: z.string().min(1).optional(),
  /** Sender, e.g. "蒲公英 <noreply@example.edu.cn>"; defaults to SMTP_USER. */
  SMTP_FROM: z.string().min(3).optional(),
  /** CAS server base, e.g. https://sso.example.edu.cn/cas; unset turns CAS sign-in off. */
  CAS_SERVER_URL: z.url({ protocol: /^https?$/, error: '必须是 http:// 或 https:// 开头的地址' }).optional(),
  /**
   * AES-256-GCM key of the review-fee bank account numbers (docs/bank-accounts.md): 64 hex digits or
   * base64 of 32 bytes. Unset outside production: a fixed development key. Unset in production: the
   * bank-account calls answer 503 until it is set.
   */
  BANK_ACCOUNT_KEY: z
    .string()
    .refine((v) => decodeKey32(v) !== null, '必须是 32 字节的密钥：64 位十六进制数字，或 base64（如 openssl rand -base64 32 的输出）')
    .optional(),
  /** Two-factor sign-in (TOTP) is required of users holding system administration permissions (ADMIN or any system:* function). */
  TWO_FACTOR_REQUIRED_FOR_ADMINS: booleanFromEnv.default(true),
  /** How many days "remember this device" spares the second step; 0 turns it off. */
  TWO_FACTOR_TRUSTED_DEVICE_DAYS: z.coerce.number().int().min(0).max(90).default(30),
  /** JSON array of OpenID Connect providers: [{"code":"wechat","name":"微信","issuer":"https://…","clientId":"…","clientSecret":"…"}]. */
  OIDC_PROVIDERS: z
    .string()
    .optional()
    .transform((v, ctx) => {
      if (!v) return [];
      try {
        return oidcProvidersSchema.parse(JSON.parse(v));
      } catch {
        ctx.addIssue({ code: 'custom', message: '必须是 JSON 数组：[{"code","name","issuer","clientId","clientSecret"}]' });
        return z.NEVER;
      }
    }),
})
  .refine((c) => c.SMS_PROVIDER !== 'webhook' || !!c.SMS_WEBHOOK_URL, { path: ['SMS_WEBHOOK_URL'], message: 'SMS_PROVIDER=webhook 时必须设置' })
  .refine((c) => !c.SMTP_HOST || !!(c.SMTP_FROM || c.SMTP_USER), { path: ['SMTP_FROM'], message: '设置 SMTP_HOST 时必须设置 SMTP_FROM 或 SMTP_USER' });

export type Config = Omit<z.infer<typeof configSchema>, 'DATA_DIR' | 'FILES_DIR'> & { DATA_DIR: string; FILES_DIR: string };

export class ConfigError extends Error {
  constructor(public readonly problems: string[]) {
    super(`配置无效：\n${problems.map((p) => `  - ${p}`).join('\n')}`);
    this.name = 'ConfigError';
  }
}

/** Parse the environment; throws ConfigError naming each bad setting. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  // Empty strings in the environment mean "not set".
  const cleaned = Object.fromEntries(
    Object.entries(env).filter(([, v]) => v !== undefined && v !== ''),
  );
  const parsed = configSchema.safeParse(cleaned);
  if (!parsed.success) {
    throw new ConfigError(
      parsed.error.issues.map((issue) => {
        const key = String(issue.path[0] ?? '?');
        const given = cleaned[key];
        const shown = /PASS|URL|SECRET|PROVIDERS|KEY/.test(key) ? '(已隐藏)' : JSON.stringify(given);
        return `${key}=${shown}: ${issue.message}`;
      }),
    );
  }
  const dataDir = path.resolve(parsed.data.DATA_DIR);
  return { ...parsed.data, DATA_DIR: dataDir, FILES_DIR: path.resolve(parsed.data.FILES_DIR ?? path.join(dataDir, 'files')) };
}
