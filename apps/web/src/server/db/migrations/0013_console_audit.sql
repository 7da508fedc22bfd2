CREATE TABLE "console_audit" (
	"id" serial PRIMARY KEY NOT NULL,
	"chain_id" integer NOT NULL,
	"actor" text NOT NULL,
	"action" text NOT NULL,
	"target" text NOT NULL,
	"reason" text DEFAULT '' NOT NULL,
	"details" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"tx_hash" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "keeper_status" (
	"chain_id" integer NOT NULL,
	"scope" text NOT NULL,
	"last_run_at" timestamp with time zone,
	"last_action" text,
	"last_error" text,
	"last_error_at" timestamp with time zone,
	CONSTRAINT "keeper_status_chain_id_scope_pk" PRIMARY KEY("chain_id","scope")
);
--> statement-breakpoint
ALTER TABLE "kyc_records" ADD COLUMN "review_reason" text;--> statement-breakpoint
CREATE INDEX "console_audit_created_idx" ON "console_audit" USING btree ("chain_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "console_audit_tx_idx" ON "console_audit" USING btree ("chain_id","tx_hash");--> statement-breakpoint
-- the audit trail is append-only: an UPDATE or DELETE of a row fails (a trigger: rules would
-- forbid the INSERT ... ON CONFLICT DO NOTHING that records a transaction once)
CREATE FUNCTION "console_audit_append_only"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'console_audit is append-only';
END;
$$;--> statement-breakpoint
CREATE TRIGGER "console_audit_append_only" BEFORE UPDATE OR DELETE ON "console_audit"
  FOR EACH ROW EXECUTE FUNCTION "console_audit_append_only"();
