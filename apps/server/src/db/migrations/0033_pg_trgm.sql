-- Trigram matching (pg_trgm, shipped with PostgreSQL; embedded PGlite loads it in core/db.ts): GIN
-- indexes with gin_trgm_ops serve the console lists' "contains" filters (ILIKE '%…%', three characters
-- or more) — docs/lists-at-scale.md. A trusted extension: the database's owner may create it (PG ≥ 13).
CREATE EXTENSION IF NOT EXISTS pg_trgm;
