/** Fields every administration record of this area answers besides its own. */
import { auditFields } from '../records';

/** Who made the record and who last changed it, when, its delete flag and its lock version (spec §3 audit fields). */
export const recordFields = auditFields;
