CREATE TABLE "logs" (
	"id" serial PRIMARY KEY NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"chain_id" integer,
	"address" text,
	"title" text,
	"message" text,
	"error" jsonb
);
--> statement-breakpoint
CREATE INDEX "logs_address_idx" ON "logs" USING btree ("address");--> statement-breakpoint
CREATE INDEX "logs_created_at_idx" ON "logs" USING btree ("created_at");