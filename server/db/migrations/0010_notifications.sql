CREATE TABLE "notification_settings" (
	"user_id" text PRIMARY KEY NOT NULL,
	"daily_reminder" boolean DEFAULT false NOT NULL,
	"daily_reminder_hour" integer DEFAULT 19 NOT NULL,
	"your_turn_reminder" boolean DEFAULT false NOT NULL,
	"nudge_emails" boolean DEFAULT true NOT NULL,
	"quiet_hours" boolean DEFAULT true NOT NULL,
	"quiet_start" integer DEFAULT 22 NOT NULL,
	"quiet_end" integer DEFAULT 8 NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "notification_settings_hours" CHECK ("notification_settings"."daily_reminder_hour" between 0 and 23 and "notification_settings"."quiet_start" between 0 and 23 and "notification_settings"."quiet_end" between 0 and 23)
);
--> statement-breakpoint
CREATE TABLE "nudges" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"sender_id" text NOT NULL,
	"receiver_id" text NOT NULL,
	"kind" text NOT NULL,
	"target" text NOT NULL,
	"day" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "notification_settings" ADD CONSTRAINT "notification_settings_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "nudges" ADD CONSTRAINT "nudges_sender_id_users_id_fk" FOREIGN KEY ("sender_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "nudges" ADD CONSTRAINT "nudges_receiver_id_users_id_fk" FOREIGN KEY ("receiver_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "nudges_once_a_day" ON "nudges" USING btree ("sender_id","kind","target","day");--> statement-breakpoint
CREATE INDEX "nudges_receiver_idx" ON "nudges" USING btree ("receiver_id");