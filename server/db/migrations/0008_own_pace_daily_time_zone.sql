CREATE TABLE "daily_answers" (
	"user_low" text NOT NULL,
	"user_high" text NOT NULL,
	"day" text NOT NULL,
	"user_id" text NOT NULL,
	"answer" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "daily_answers_user_low_user_high_day_user_id_pk" PRIMARY KEY("user_low","user_high","day","user_id")
);
--> statement-breakpoint
CREATE TABLE "daily_questions" (
	"user_low" text NOT NULL,
	"user_high" text NOT NULL,
	"day" text NOT NULL,
	"item_id" uuid NOT NULL,
	"cycle" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "daily_questions_user_low_user_high_day_pk" PRIMARY KEY("user_low","user_high","day"),
	CONSTRAINT "daily_questions_ordered" CHECK ("daily_questions"."user_low" < "daily_questions"."user_high"),
	CONSTRAINT "daily_questions_day" CHECK ("daily_questions"."day" ~ '^[0-9]{4}-[0-9]{2}-[0-9]{2}$')
);
--> statement-breakpoint
ALTER TABLE "game_sessions" ADD COLUMN "pace" text DEFAULT 'live' NOT NULL;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "time_zone" text DEFAULT 'UTC' NOT NULL;--> statement-breakpoint
ALTER TABLE "daily_answers" ADD CONSTRAINT "daily_answers_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "daily_answers" ADD CONSTRAINT "daily_answers_user_low_user_high_day_daily_questions_user_low_user_high_day_fk" FOREIGN KEY ("user_low","user_high","day") REFERENCES "public"."daily_questions"("user_low","user_high","day") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "daily_questions" ADD CONSTRAINT "daily_questions_user_low_users_id_fk" FOREIGN KEY ("user_low") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "daily_questions" ADD CONSTRAINT "daily_questions_user_high_users_id_fk" FOREIGN KEY ("user_high") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "daily_questions" ADD CONSTRAINT "daily_questions_item_id_items_id_fk" FOREIGN KEY ("item_id") REFERENCES "public"."items"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "daily_questions_item_once_per_cycle" ON "daily_questions" USING btree ("user_low","user_high","cycle","item_id");