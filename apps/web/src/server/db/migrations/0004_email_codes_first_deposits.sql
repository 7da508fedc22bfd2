CREATE TABLE "email_codes" (
	"id" serial PRIMARY KEY NOT NULL,
	"address" text NOT NULL,
	"email" text NOT NULL,
	"code_hash" text NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"confirmed_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "first_deposits" (
	"chain_id" integer NOT NULL,
	"user_address" text NOT NULL,
	"amount" text,
	"checked_at" timestamp with time zone NOT NULL,
	CONSTRAINT "first_deposits_chain_id_user_address_pk" PRIMARY KEY("chain_id","user_address")
);
--> statement-breakpoint
CREATE INDEX "email_codes_address_idx" ON "email_codes" USING btree ("address","created_at");--> statement-breakpoint
CREATE INDEX "email_codes_email_idx" ON "email_codes" USING btree ("email","created_at");