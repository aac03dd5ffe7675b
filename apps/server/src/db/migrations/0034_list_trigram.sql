CREATE INDEX IF NOT EXISTS "sys_oper_log_user_time_idx" ON "sys_oper_log" USING btree ("username","create_time");--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "sys_oper_log_username_trgm_idx" ON "sys_oper_log" USING gin ("username" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "sys_oper_log_summary_trgm_idx" ON "sys_oper_log" USING gin ("summary" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "sys_login_log_name_trgm_idx" ON "sys_login_log" USING gin ("login_name" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "sys_rest_log_path_trgm_idx" ON "sys_rest_log" USING gin ("path" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "sys_rest_log_method_time_idx" ON "sys_rest_log" USING btree ("method","create_time");--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "cms_content_title_trgm_idx" ON "cms_content" USING gin ("title" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "cms_content_author_idx" ON "cms_content" USING btree ("author") WHERE del_flag = 0;--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "sys_user_username_trgm_idx" ON "sys_user" USING gin ("username" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "sys_user_realname_trgm_idx" ON "sys_user" USING gin ("realname" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "sys_user_phone_trgm_idx" ON "sys_user" USING gin ("phone" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "sys_user_emp_code_trgm_idx" ON "sys_user" USING gin ("emp_code" gin_trgm_ops);