CREATE TABLE "epoch_mail_opt_outs" (
	"owner" text PRIMARY KEY NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "epoch_mails" (
	"pool_id" text NOT NULL,
	"epoch" text NOT NULL,
	"owner" text NOT NULL,
	"outbox_id" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "epoch_mails_pool_id_epoch_owner_pk" PRIMARY KEY("pool_id","epoch","owner")
);
