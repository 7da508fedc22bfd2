ALTER TABLE "accounts" ADD COLUMN "google_email" text;--> statement-breakpoint
ALTER TABLE "login_codes" ADD COLUMN "ip" text;--> statement-breakpoint
CREATE INDEX "login_codes_ip_idx" ON "login_codes" USING btree ("ip","created_at");--> statement-breakpoint
UPDATE "accounts" SET "google_email" = "email" WHERE "google_sub" IS NOT NULL;--> statement-breakpoint
UPDATE "outbox" SET "text" = '' WHERE "transport" = 'smtp';
