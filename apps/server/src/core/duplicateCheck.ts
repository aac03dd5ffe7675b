import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { AuditedTable } from './records';

/**
 * The fields the shared duplicate check (/rest/common/checkDuplicate) may be asked about. Each
 * owning feature registers its own unique fields next to its tables, so the check reads no
 * module's tables itself and a client's strings never reach SQL as identifiers.
 */
export interface DuplicateCheckedField {
  table: AuditedTable;
  column: AnyPgColumn;
  /** How a message names the field: 用户名已存在. */
  label: string;
  /** Matches a unique index on lower(column): user names and e-mail addresses. */
  caseInsensitive?: boolean;
}

interface Entity {
  fields: Map<string, DuplicateCheckedField>;
}

const entities = new Map<string, Entity>();
const aliases = new Map<string, string>();

/**
 * Registers `fields` (camelCase names) of an entity under its name and any aliases clients use for it
 * (table names, older names). Registering the same entity again adds fields.
 */
export function registerDuplicateCheck(entity: string, fields: Record<string, DuplicateCheckedField>, entityAliases: readonly string[] = []): void {
  const found = entities.get(entity) ?? { fields: new Map() };
  for (const [name, field] of Object.entries(fields)) found.fields.set(name, field);
  entities.set(entity, found);
  for (const alias of entityAliases) aliases.set(alias, entity);
}

const camel = (s: string) => s.replace(/_([a-z])/g, (_m, c: string) => c.toUpperCase());

/** The registered field a client names (entity or alias; camelCase or snake_case field), or undefined. */
export function findDuplicateCheckedField(entityName: string, fieldName: string): DuplicateCheckedField | undefined {
  const entity = entities.get(aliases.get(entityName) ?? entityName);
  return entity?.fields.get(camel(fieldName));
}
