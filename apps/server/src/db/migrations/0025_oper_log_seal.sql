ALTER TABLE "sys_oper_log" ADD COLUMN "seal_seq" bigint;--> statement-breakpoint
ALTER TABLE "sys_oper_log" ADD COLUMN "seal_prev" varchar(64);--> statement-breakpoint
ALTER TABLE "sys_oper_log" ADD COLUMN "seal_hash" varchar(64);--> statement-breakpoint
CREATE UNIQUE INDEX "sys_oper_log_seal_seq_uq" ON "sys_oper_log" USING btree ("seal_seq");--> statement-breakpoint
CREATE INDEX "sys_oper_log_unsealed_idx" ON "sys_oper_log" USING btree ("id") WHERE seal_seq is null;