-- The interface log's stored answers (up to 4 000 characters each, one row per API call) are compressed with lz4
-- where the server has it: PostgreSQL's default (pglz) spent ~0.045 ms of the database's CPU on each row, lz4
-- ~0.027, the same size on disk (docs/framework-overhead.md). Only new rows change; reading either is transparent.
-- PGlite is built without lz4, so the embedded database keeps pglz.
DO $$
BEGIN
  IF EXISTS (SELECT 1 FROM pg_settings WHERE name = 'default_toast_compression' AND 'lz4' = ANY (enumvals)) THEN
    ALTER TABLE "sys_rest_log" ALTER COLUMN "response_body" SET COMPRESSION lz4;
  END IF;
END $$;
