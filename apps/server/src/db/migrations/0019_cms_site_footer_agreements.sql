ALTER TABLE "cms_site" ADD COLUMN "organizer" varchar(128);--> statement-breakpoint
ALTER TABLE "cms_site" ADD COLUMN "contact_email" varchar(128);--> statement-breakpoint
ALTER TABLE "cms_site" ADD COLUMN "police_record" varchar(64);--> statement-breakpoint
ALTER TABLE "cms_site" ADD COLUMN "site_ident_code" varchar(32);--> statement-breakpoint
ALTER TABLE "cms_site" ADD COLUMN "user_agreement" text;--> statement-breakpoint
ALTER TABLE "cms_site" ADD COLUMN "privacy_policy" text;