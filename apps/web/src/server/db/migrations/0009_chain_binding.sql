CREATE TABLE "chain_binding" (
	"id" integer PRIMARY KEY NOT NULL,
	"chain_id" integer NOT NULL,
	"genesis_hash" text NOT NULL,
	"bound_at" timestamp with time zone DEFAULT now() NOT NULL
);
