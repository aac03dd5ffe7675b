/** Fields every administration record of this area answers besides its own. */
import { z } from 'zod';
import { zDateTime } from '../schemas';

/** Who made the record and who last changed it, when, and its lock version (the next update sends it back). */
export const recordFields = {
  createTime: zDateTime,
  createBy: z.string().nullable(),
  updateTime: zDateTime,
  updateBy: z.string().nullable(),
  lockVersion: z.number(),
};
