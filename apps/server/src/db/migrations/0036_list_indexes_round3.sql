DROP INDEX IF EXISTS "sys_rest_log_duration_idx";--> statement-breakpoint
DROP INDEX IF EXISTS "sys_user_org_idx";--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "sys_rest_log_duration_time_idx" ON "sys_rest_log" USING btree ("duration_ms","create_time","id");--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "cms_content_catalog_status_title_idx" ON "cms_content" USING btree ("catalog_id","status","title") WHERE del_flag = 0;--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "sys_user_org_del_idx" ON "sys_user" USING btree ("org_id","del_flag");--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "sys_user_type_del_idx" ON "sys_user" USING btree ("user_type","del_flag");--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "sys_user_status_list_idx" ON "sys_user" USING btree ("status","sort","create_time" DESC NULLS FIRST,"id" DESC NULLS FIRST) WHERE del_flag = 0;--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "sys_user_chars_idx" ON "sys_user" USING gin ((regexp_split_to_array(coalesce("realname", ''), '') || regexp_split_to_array("username", '') || regexp_split_to_array(coalesce("phone", ''), '') || regexp_split_to_array(coalesce("emp_code", ''), '')));