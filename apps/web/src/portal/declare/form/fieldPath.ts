import type { DeclarationSection } from '@dandelion/shared/award/prize';

/** 'completers.1.idNumber' → ['completers', 1, 'idNumber'], the form's name path; [] for the section itself. */
export function namePathOf(field: string): (string | number)[] {
  const trimmed = field.replace(/^content\./, '');
  if (!trimmed) return [];
  return trimmed.split('.').map((part) => (/^\d+$/.test(part) ? Number(part) : part));
}

/** Where the form should go: a section and, inside it, a field (a problem of the check, a refused save). */
export interface FieldTarget {
  section: DeclarationSection;
  field: string;
  message?: string;
}
