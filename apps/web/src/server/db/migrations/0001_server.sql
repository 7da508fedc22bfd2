CREATE TABLE "kyc_records" (
	"address" text PRIMARY KEY NOT NULL,
	"status" text NOT NULL,
	"entity_type" text NOT NULL,
	"full_name" text NOT NULL,
	"email" text,
	"provider" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "kyc_sessions" (
	"token" text PRIMARY KEY NOT NULL,
	"address" text NOT NULL,
	"is_individual" boolean NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "lender_agreements" (
	"id" serial PRIMARY KEY NOT NULL,
	"chain_id" integer NOT NULL,
	"address" text NOT NULL,
	"deposit_amount" text NOT NULL,
	"full_name" text NOT NULL,
	"contract_type" text NOT NULL,
	"contract_version" text NOT NULL,
	"contract_message" text NOT NULL,
	"formatted_message" text NOT NULL,
	"timestamp" bigint NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "loan_ticket_decisions" (
	"id" serial PRIMARY KEY NOT NULL,
	"ticket_id" integer NOT NULL,
	"user_address" text NOT NULL,
	"status" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "loan_tickets" (
	"id" serial PRIMARY KEY NOT NULL,
	"chain_id" integer NOT NULL,
	"pool_id" text NOT NULL,
	"tranche_id" text NOT NULL,
	"end_borrower_id" text NOT NULL,
	"end_borrower_name" text NOT NULL,
	"assets" text NOT NULL,
	"user_address" text,
	"created_on" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "outbox" (
	"id" serial PRIMARY KEY NOT NULL,
	"from_address" text NOT NULL,
	"to_address" text NOT NULL,
	"subject" text NOT NULL,
	"text" text NOT NULL,
	"transport" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "rate_limits" (
	"key" text NOT NULL,
	"window_start" timestamp with time zone NOT NULL,
	"count" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "rate_limits_key_window_start_pk" PRIMARY KEY("key","window_start")
);
--> statement-breakpoint
CREATE TABLE "referrals" (
	"id" serial PRIMARY KEY NOT NULL,
	"chain_id" integer NOT NULL,
	"owner" text NOT NULL,
	"referrer" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "used_signatures" (
	"id" serial PRIMARY KEY NOT NULL,
	"signature_hash" text NOT NULL,
	"address" text NOT NULL,
	"purpose" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "loan_ticket_decisions" ADD CONSTRAINT "loan_ticket_decisions_ticket_id_loan_tickets_id_fk" FOREIGN KEY ("ticket_id") REFERENCES "public"."loan_tickets"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "lender_agreements_address_idx" ON "lender_agreements" USING btree ("chain_id","address");--> statement-breakpoint
CREATE UNIQUE INDEX "loan_ticket_decisions_ticket_user_idx" ON "loan_ticket_decisions" USING btree ("ticket_id","user_address");--> statement-breakpoint
CREATE INDEX "loan_tickets_chain_idx" ON "loan_tickets" USING btree ("chain_id","user_address");--> statement-breakpoint
CREATE UNIQUE INDEX "referrals_owner_idx" ON "referrals" USING btree ("chain_id","owner");--> statement-breakpoint
CREATE INDEX "referrals_referrer_idx" ON "referrals" USING btree ("chain_id","referrer");--> statement-breakpoint
CREATE UNIQUE INDEX "used_signatures_hash_idx" ON "used_signatures" USING btree ("signature_hash");