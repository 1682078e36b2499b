CREATE TABLE "local_checkout_sessions" (
	"id" text PRIMARY KEY NOT NULL,
	"idempotency_key" text,
	"request_hash" text NOT NULL,
	"session" jsonb NOT NULL,
	"line_items" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "local_checkout_sessions_idempotency_key_unique" UNIQUE("idempotency_key")
);
--> statement-breakpoint
CREATE TABLE "payment_revocations" (
	"provider" text NOT NULL,
	"payment_intent" text NOT NULL,
	"reason" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "payment_revocations_provider_payment_intent_pk" PRIMARY KEY("provider","payment_intent")
);
--> statement-breakpoint
CREATE TABLE "processed_payment_events" (
	"event_id" text PRIMARY KEY NOT NULL,
	"type" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "purchases" ADD COLUMN "payment_intent" text;--> statement-breakpoint
ALTER TABLE "purchases" ADD COLUMN "amount" integer;--> statement-breakpoint
ALTER TABLE "purchases" ADD COLUMN "currency" text;--> statement-breakpoint
ALTER TABLE "purchases" ADD COLUMN "ended_at" timestamp with time zone;--> statement-breakpoint
CREATE INDEX "purchases_payment_intent_idx" ON "purchases" USING btree ("provider","payment_intent");