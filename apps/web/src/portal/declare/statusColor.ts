import type { DeclarationStatus } from '@dandelion/shared/award/declaration';
import type { TagColor } from '../shared/light';

/** The tag colour of a status: editable ones warm, waiting ones blue, good outcomes green, ends grey or red. */
export function statusColor(status: DeclarationStatus): TagColor {
  switch (status) {
    case 'DRAFT':
      return 'default';
    case 'UNIT_RETURNED':
    case 'NOMINATOR_RETURNED':
    case 'FORMAL_RETURNED':
    case 'OBJECTION_HOLD':
      return 'orange';
    case 'ACCEPTED':
    case 'PROPOSED':
    case 'AWARDED':
      return 'green';
    case 'NOT_ACCEPTED':
    case 'ELIMINATED':
    case 'NOT_AWARDED':
      return 'red';
    case 'WITHDRAWN':
      return 'default';
    default:
      return 'blue';
  }
}
