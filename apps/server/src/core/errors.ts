/**
 * Typed errors with stable codes. Services throw these; the error handler turns
 * them into the envelope with the matching HTTP status. Messages are Chinese and
 * actionable; they are shown to users as they are.
 */
export class AppError extends Error {
  constructor(
    public readonly status: number,
    public readonly code: string,
    message: string,
    public readonly details?: Record<string, unknown>,
  ) {
    super(message);
    this.name = 'AppError';
  }
}

export const STALE_VERSION_MESSAGE = '数据已被他人修改，请刷新后重试';

export const errors = {
  badRequest: (msg = '请求参数不正确', details?: Record<string, unknown>) => new AppError(400, '400', msg, details),
  unauthorized: (msg = '未授权，请重新登录') => new AppError(401, '401', msg),
  forbidden: (msg = '没有权限执行此操作') => new AppError(403, '403', msg),
  notFound: (what = '数据') => new AppError(404, '404', `${what}不存在或已被删除`),
  conflict: (msg: string) => new AppError(409, '409', msg),
  staleVersion: () => new AppError(409, '409', STALE_VERSION_MESSAGE),
  tooLarge: (msg = '请求内容过大') => new AppError(413, '413', msg),
  tooManyRequests: (msg = '操作过于频繁，请稍后再试') => new AppError(429, '429', msg),
  unavailable: (msg = '服务暂不可用，请稍后重试') => new AppError(503, '503', msg),
  internal: () => new AppError(500, '500', '系统繁忙，请稍后重试'),
};
