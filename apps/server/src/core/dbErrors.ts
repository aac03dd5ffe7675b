/**
 * Maps database errors to what a user can act on. Unique indexes register the
 * field they guard so a violation says which value is taken (409), instead of a 500.
 */
const uniqueFieldLabels = new Map<string, string>();

/** Called from a feature's schema file next to the index it names. */
export function registerUniqueField(indexName: string, fieldLabel: string): void {
  uniqueFieldLabels.set(indexName, fieldLabel);
}

export interface PgErrorLike {
  code: string;
  constraint?: string;
  detail?: string;
}

/** Drizzle wraps driver errors; walk the cause chain to the one with a SQLSTATE. */
export function findPgError(err: unknown): PgErrorLike | null {
  let current: unknown = err;
  for (let depth = 0; current && depth < 5; depth++) {
    const candidate = current as { code?: unknown; cause?: unknown };
    if (typeof candidate.code === 'string' && /^[0-9A-Z]{5}$/.test(candidate.code)) return candidate as PgErrorLike;
    current = candidate.cause;
  }
  return null;
}

/** SQLSTATEs of a server that is gone, shutting down or refusing connections. */
const UNREACHABLE_STATES = /^(08...|57P0[1-3]|53300)$/;
const NETWORK_CODES = new Set(['ECONNREFUSED', 'ECONNRESET', 'ETIMEDOUT', 'EPIPE', 'ENOTFOUND', 'EAI_AGAIN', 'EHOSTUNREACH', 'ENETUNREACH']);
/** node-postgres's own words when a connection dies or cannot be had. */
const DRIVER_MESSAGES = /Connection terminated|timeout exceeded when trying to connect|Client has encountered a connection error|Connection ended unexpectedly/i;

/**
 * Whether `err` says the database cannot be reached (restart, failover, network): a 503 the client
 * may retry, not a 500. Network errors count only when they come from the database driver.
 */
export function isDatabaseUnreachable(err: unknown): boolean {
  let current: unknown = err;
  for (let depth = 0; current && depth < 5; depth++) {
    const candidate = current as { code?: unknown; message?: unknown; stack?: unknown; cause?: unknown };
    const code = typeof candidate.code === 'string' ? candidate.code : '';
    if (UNREACHABLE_STATES.test(code)) return true;
    const message = typeof candidate.message === 'string' ? candidate.message : '';
    const stack = typeof candidate.stack === 'string' ? candidate.stack : '';
    if (DRIVER_MESSAGES.test(message)) return true;
    if (NETWORK_CODES.has(code) && /node_modules\/pg(-pool)?\//.test(stack)) return true;
    current = candidate.cause;
  }
  return false;
}

export function describeDbError(pgErr: PgErrorLike): { status: number; msg: string } | null {
  switch (pgErr.code) {
    case '23505': {
      const label = (pgErr.constraint && uniqueFieldLabels.get(pgErr.constraint)) || '该数据';
      return { status: 409, msg: `${label}已存在，请更换后重试` };
    }
    case '23503':
      return { status: 409, msg: '数据正被其他记录引用或引用的数据不存在，无法完成操作' };
    case '23502':
      return { status: 400, msg: '缺少必填内容' };
    case '22001':
      return { status: 400, msg: '输入内容超出允许的长度' };
    case '22003':
    case '22P02':
    case '22007':
    case '22008':
      return { status: 400, msg: '输入内容的格式不正确' };
    case '40001':
    case '40P01':
      return { status: 409, msg: '数据正被同时修改，请稍后重试' };
    default:
      return null;
  }
}
