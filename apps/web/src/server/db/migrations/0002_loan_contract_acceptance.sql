ALTER TABLE "lender_agreements" ADD COLUMN "acceptance_signature" text;--> statement-breakpoint
ALTER TABLE "lender_agreements" ADD COLUMN "acceptance_timestamp" bigint;--> statement-breakpoint
ALTER TABLE "lender_agreements" ADD COLUMN "accepted_at" timestamp with time zone;