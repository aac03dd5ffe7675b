/** Pieces the messaging contracts share: read state and the people a notice or a template addresses. */
import { z } from 'zod';
import { zId } from '../schemas';

/** 0 unread, 1 read. */
export const zReadFlag = z.union([z.literal(0), z.literal(1)], { error: '阅读状态只能是 0（未读）或 1（已读）' });
export type ReadFlag = z.infer<typeof zReadFlag>;

/** A user as the audience and recipient pickers list them. */
export const directoryUser = z.object({ userId: zId, username: z.string(), realname: z.string().nullable(), orgName: z.string().nullable() });

/** A chosen role, organisation or user with its name (a saved audience shown by name). */
export const namedOption = z.object({ value: zId, label: z.string() });

/** Searching users by user name, real name or phone (at most 20), or labelling chosen ones by id. */
export const directorySearch = (maxIds: number) => z.object({ keyword: z.string().trim().max(64).optional(), userIds: z.array(zId).max(maxIds).optional() });

/** Ids the caller picks, e.g. the notices to sync or delete: at least one, at most `max`. */
export const zPickedIds = (pickMessage: string, max: number, maxMessage: string) => z.array(zId, { error: pickMessage }).min(1, pickMessage).max(max, maxMessage);
