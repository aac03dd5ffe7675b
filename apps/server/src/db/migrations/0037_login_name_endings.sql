CREATE TABLE IF NOT EXISTS "sys_login_name" (
	"login_name" varchar(64) PRIMARY KEY NOT NULL
);
--> statement-breakpoint
CREATE TABLE IF NOT EXISTS "sys_login_name_ending" (
	"ending" varchar(64) NOT NULL,
	"login_name" varchar(64) NOT NULL
);
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "sys_login_name_ending_idx" ON "sys_login_name_ending" USING btree ("ending" varchar_pattern_ops,"login_name");--> statement-breakpoint
-- The names the sign-in log holds and their lower-cased endings, kept by the log's own inserts (whoever makes
-- them): a statement's new names only, so a bulk insert costs one pass (modules/auth/loginLog/tables.ts).
CREATE OR REPLACE FUNCTION sys_login_name_keep() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  WITH new_names AS (
    INSERT INTO sys_login_name (login_name) SELECT DISTINCT login_name FROM added ON CONFLICT DO NOTHING RETURNING login_name
  )
  INSERT INTO sys_login_name_ending (ending, login_name)
  SELECT DISTINCT substr(lower(n.login_name), i), n.login_name FROM new_names n, generate_series(1, length(n.login_name)) AS i;
  RETURN NULL;
END $$;--> statement-breakpoint
DROP TRIGGER IF EXISTS sys_login_name_keep ON sys_login_log;--> statement-breakpoint
CREATE TRIGGER sys_login_name_keep AFTER INSERT ON sys_login_log REFERENCING NEW TABLE AS added FOR EACH STATEMENT EXECUTE FUNCTION sys_login_name_keep();--> statement-breakpoint
WITH new_names AS (
  INSERT INTO sys_login_name (login_name) SELECT DISTINCT login_name FROM sys_login_log ON CONFLICT DO NOTHING RETURNING login_name
)
INSERT INTO sys_login_name_ending (ending, login_name)
SELECT DISTINCT substr(lower(n.login_name), i), n.login_name FROM new_names n, generate_series(1, length(n.login_name)) AS i;--> statement-breakpoint
ANALYZE sys_login_name_ending;
