CREATE TABLE "loan_ticket_notices" (
	"ticket_id" integer NOT NULL,
	"user_address" text NOT NULL,
	"email_sent_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "loan_ticket_notices_ticket_id_user_address_pk" PRIMARY KEY("ticket_id","user_address")
);
--> statement-breakpoint
CREATE TABLE "loan_ticket_returns" (
	"ticket_id" integer NOT NULL,
	"user_address" text NOT NULL,
	"nft_id" text,
	"shares" text NOT NULL,
	"holder_shares" text NOT NULL,
	"transaction_hash" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "loan_ticket_returns_ticket_id_user_address_pk" PRIMARY KEY("ticket_id","user_address")
);
--> statement-breakpoint
ALTER TABLE "loan_tickets" ADD COLUMN "block_number" bigint;--> statement-breakpoint
ALTER TABLE "loan_ticket_notices" ADD CONSTRAINT "loan_ticket_notices_ticket_id_loan_tickets_id_fk" FOREIGN KEY ("ticket_id") REFERENCES "public"."loan_tickets"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "loan_ticket_returns" ADD CONSTRAINT "loan_ticket_returns_ticket_id_loan_tickets_id_fk" FOREIGN KEY ("ticket_id") REFERENCES "public"."loan_tickets"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "loan_ticket_notices_user_idx" ON "loan_ticket_notices" USING btree ("user_address");--> statement-breakpoint
CREATE INDEX "loan_ticket_returns_user_idx" ON "loan_ticket_returns" USING btree ("user_address");--> statement-breakpoint
-- tickets addressed to one lender before notices existed: that lender was the one told
INSERT INTO "loan_ticket_notices" ("ticket_id", "user_address", "created_at") SELECT "id", "user_address", "created_on" FROM "loan_tickets" WHERE "user_address" IS NOT NULL;--> statement-breakpoint
-- tickets every lender saw before notices existed: those who decided on one were told of it
INSERT INTO "loan_ticket_notices" ("ticket_id", "user_address", "created_at") SELECT "ticket_id", "user_address", "created_at" FROM "loan_ticket_decisions" ON CONFLICT DO NOTHING;
