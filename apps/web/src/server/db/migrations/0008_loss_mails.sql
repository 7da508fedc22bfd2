CREATE TABLE "loss_mails" (
	"loss_id" text NOT NULL,
	"owner" text NOT NULL,
	"outbox_id" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "loss_mails_loss_id_owner_pk" PRIMARY KEY("loss_id","owner")
);
