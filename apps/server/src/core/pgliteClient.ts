import { types, type PGlite, type ParserOptions, type QueryOptions, type Transaction } from '@electric-sql/pglite';

/**
 * Drizzle hands PGlite the same result parsers with every statement: times, dates, intervals and their arrays
 * kept as the database's text, which Drizzle's columns then map. PGlite merges a statement's parsers into its
 * instance's ~320 (`{ ...instance, ...statement }`, per statement): ~100 µs each time on this machine, four
 * times per console list call, a tenth of the embedded server's CPU under load (docs/framework-overhead.md).
 *
 * So the instance is given those parsers once, and the client Drizzle talks to leaves a statement's parsers
 * out whenever the instance already parses each of its types as text: the same rows, without the copy.
 * Anything else (another parser, or an array type PGlite set up again after start) still goes to PGlite as given.
 */
const asText = (value: string) => value;

/** The types Drizzle's PGlite driver reads as text (drizzle-orm/pglite/session.js), arrays included. */
const TEXT_TYPES = [types.TIMESTAMP, types.TIMESTAMPTZ, types.INTERVAL, types.DATE, 1231, 1115, 1185, 1187, 1182];

const TEXT_PARSERS: ParserOptions = Object.fromEntries(TEXT_TYPES.map((oid) => [oid, asText]));

/** Whether the instance already parses every type of `parsers` as text, so leaving them out changes nothing. */
function instanceParsesAsText(client: PGlite, parsers: ParserOptions): boolean {
  for (const oid in parsers) if (client.parsers[oid as unknown as number] !== asText) return false;
  return true;
}

/** A statement's options without parsers the instance already has; the same object when there are none to leave out. */
function withoutCopiedParsers(client: PGlite, options: QueryOptions | undefined): QueryOptions | undefined {
  if (!options?.parsers || !instanceParsesAsText(client, options.parsers)) return options;
  const { parsers: _alreadyOnInstance, ...rest } = options;
  return rest;
}

type Queryable = Pick<PGlite, 'query'> | Pick<Transaction, 'query'>;

function queryWithoutCopies<T extends Queryable>(client: PGlite, target: T): T['query'] {
  return ((text: string, params?: unknown[], options?: QueryOptions) =>
    target.query(text, params, withoutCopiedParsers(client, options))) as T['query'];
}

/**
 * The client Drizzle is given: PGlite's own, started, with the text parsers set on the instance (after the start:
 * PGlite sets a parser for every array type once it has started, which would replace the array ones), and
 * statements — in and out of transactions — sent without parser copies. Drizzle calls `query` and `transaction`
 * on it; everything else reads through to the instance.
 */
export function clientForDrizzle(client: PGlite): PGlite {
  Object.assign(client.parsers, TEXT_PARSERS);
  const forDrizzle = Object.create(client) as PGlite;
  forDrizzle.query = queryWithoutCopies(client, client);
  forDrizzle.transaction = (fn) =>
    client.transaction((tx) => {
      const wrapped = Object.create(tx) as Transaction;
      wrapped.query = queryWithoutCopies(client, tx);
      return fn(wrapped);
    });
  return forDrizzle;
}
