DROP INDEX "sys_access_log_time_idx";--> statement-breakpoint
DROP INDEX "sys_access_log_path_time_idx";--> statement-breakpoint
DROP INDEX "sys_rest_log_time_idx";--> statement-breakpoint
DROP INDEX "sys_rest_log_path_time_idx";--> statement-breakpoint
ALTER TABLE "sys_rest_log" ADD COLUMN "route" varchar(256);--> statement-breakpoint
ALTER TABLE "sys_rest_log" ADD COLUMN "query" varchar(512);--> statement-breakpoint
CREATE INDEX "sys_rest_log_duration_idx" ON "sys_rest_log" USING btree ("duration_ms");--> statement-breakpoint
CREATE INDEX "sys_access_log_time_idx" ON "sys_access_log" USING btree ("create_time","id");--> statement-breakpoint
CREATE INDEX "sys_access_log_path_time_idx" ON "sys_access_log" USING btree ("path" varchar_pattern_ops,"create_time");--> statement-breakpoint
CREATE INDEX "sys_rest_log_time_idx" ON "sys_rest_log" USING btree ("create_time","id");--> statement-breakpoint
CREATE INDEX "sys_rest_log_path_time_idx" ON "sys_rest_log" USING btree ("path" varchar_pattern_ops,"create_time");