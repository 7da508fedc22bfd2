ALTER TABLE "kyc_records" ADD COLUMN "identity_id" text;--> statement-breakpoint
ALTER TABLE "referral_rewards" ADD COLUMN "refusal" text;--> statement-breakpoint
UPDATE "kyc_records" SET "identity_id" = 'local-' || md5(coalesce(lower("email"), "address")) WHERE "identity_id" IS NULL;
