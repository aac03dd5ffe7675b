import { ilike, like, type Column, type SQL } from 'drizzle-orm';

/** Escapes LIKE's wildcards (% and _) and its escape character, so user text matches itself. */
export const escapeLike = (text: string): string => text.replace(/[\\%_]/g, (c) => `\\${c}`);

/** A LIKE pattern matching `text` anywhere: `%text%`, wildcards in the text escaped. */
export const likePattern = (text: string): string => `%${escapeLike(text)}%`;

/** Case-insensitive "contains" on a column. */
export const containing = (column: Column | SQL, text: string): SQL => ilike(column, likePattern(text));

/** Case-sensitive "starts with" on a column (an index range scan on a btree with text_pattern_ops or C collation). */
export const startingWith = (column: Column | SQL, text: string): SQL => like(column, `${escapeLike(text)}%`);
