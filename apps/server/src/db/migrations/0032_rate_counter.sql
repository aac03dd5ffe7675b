CREATE TABLE "sys_rate_counter" (
	"key" varchar(512) PRIMARY KEY NOT NULL,
	"count" integer NOT NULL,
	"window_start" timestamp with time zone NOT NULL,
	"window_end" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE INDEX "sys_rate_counter_window_end_idx" ON "sys_rate_counter" USING btree ("window_end");