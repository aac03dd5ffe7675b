import { z } from 'zod';

/** The strictObject option that names a misspelt parameter in Chinese: 不支持的参数：retentionDay. */
export const unknownParamKey = {
  error: (issue: { code?: string; keys?: string[] }) => (issue.code === 'unrecognized_keys' ? `不支持的参数：${issue.keys?.join('、')}` : undefined),
};

/** Parameters of a job that takes none: `{}`, any key refused by name. */
export const noJobParams = z.strictObject({}, unknownParamKey);
