import path from 'node:path';
import { z } from 'zod';

/**
 * Every setting the server reads, parsed and validated once at start-up.
 * Nothing else in the server reads process.env.
 */
const booleanFromEnv = z
  .enum(['true', 'false', '1', '0', 'yes', 'no'])
  .transform((v) => v === 'true' || v === '1' || v === 'yes');

const configSchema = z.object({
  NODE_ENV: z.enum(['production', 'development', 'test']).default('production'),
  HOST: z.string().min(1).default('127.0.0.1'),
  PORT: z.coerce.number().int().min(0).max(65535).default(8080),
  DATA_DIR: z.string().min(1).default('./data'),
  DATABASE_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\/.+/, '必须是 postgres:// 或 postgresql:// 开头的连接串')
    .optional(),
  DATABASE_POOL_MAX: z.coerce.number().int().min(1).max(200).default(10),
  REDIS_URL: z
    .string()
    .regex(/^rediss?:\/\/.+/, '必须是 redis:// 或 rediss:// 开头的连接串')
    .optional(),
  ADMIN_PASSWORD: z.string().min(8, '至少 8 个字符').optional(),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  BODY_LIMIT_BYTES: z.coerce.number().int().min(1024).max(1024 * 1024 * 1024).default(1024 * 1024),
  TRUST_PROXY: booleanFromEnv.default(false),
  SHUTDOWN_TIMEOUT_MS: z.coerce.number().int().min(100).max(600_000).default(10_000),
  WEB_DIST_DIR: z.string().optional(),
});

export type Config = Omit<z.infer<typeof configSchema>, 'DATA_DIR'> & { DATA_DIR: string };

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
        const shown = key.includes('PASSWORD') || key.includes('URL') ? '(已隐藏)' : JSON.stringify(given);
        return `${key}=${shown}: ${issue.message}`;
      }),
    );
  }
  return { ...parsed.data, DATA_DIR: path.resolve(parsed.data.DATA_DIR) };
}
