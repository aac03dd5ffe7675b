import { disciplineFullName, disciplineName, normalizeDisciplineCode } from '@dandelion/shared/award/disciplines';

/**
 * A code as a table shows it: `52020 人工智能` (the code and its own name). A code outside the
 * dictionary (a third-level one, or one an old record holds) shows as itself, never as blank.
 */
export function disciplineLabel(code: string): string {
  const name = disciplineName(code);
  return name ? `${normalizeDisciplineCode(code)} ${name}` : code;
}

/** Several codes on one line, for a table cell: `52020 人工智能、41010 工程数学`. */
export function disciplineLabels(codes: readonly string[] | null | undefined): string {
  return (codes ?? []).map(disciplineLabel).join('、');
}

/** The full path, for a tooltip or a detail page: `520 计算机科学技术 / 52020 人工智能`. */
export const disciplineTitle = disciplineFullName;
