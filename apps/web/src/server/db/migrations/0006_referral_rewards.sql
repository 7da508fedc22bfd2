CREATE TABLE "referral_clearings" (
	"chain_id" integer NOT NULL,
	"pool_id" text NOT NULL,
	"epoch" text NOT NULL,
	"processed_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "referral_clearings_chain_id_pool_id_epoch_pk" PRIMARY KEY("chain_id","pool_id","epoch")
);
--> statement-breakpoint
CREATE TABLE "referral_rewards" (
	"id" serial PRIMARY KEY NOT NULL,
	"chain_id" integer NOT NULL,
	"pool_id" text NOT NULL,
	"epoch" text NOT NULL,
	"referrer" text NOT NULL,
	"user_address" text NOT NULL,
	"fee" text NOT NULL,
	"reward" text NOT NULL,
	"cleared_at" timestamp with time zone NOT NULL,
	"paid_tx" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX "referral_rewards_user_epoch_idx" ON "referral_rewards" USING btree ("chain_id","pool_id","epoch","user_address");--> statement-breakpoint
CREATE INDEX "referral_rewards_referrer_idx" ON "referral_rewards" USING btree ("chain_id","referrer","cleared_at");