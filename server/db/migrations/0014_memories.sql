CREATE TABLE "memory_stars" (
	"user_low" text NOT NULL,
	"user_high" text NOT NULL,
	"target" text NOT NULL,
	"starred_by" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "memory_stars_user_low_user_high_target_pk" PRIMARY KEY("user_low","user_high","target"),
	CONSTRAINT "memory_stars_ordered" CHECK ("memory_stars"."user_low" < "memory_stars"."user_high")
);
--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "deleted_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "memory_stars" ADD CONSTRAINT "memory_stars_user_low_users_id_fk" FOREIGN KEY ("user_low") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "memory_stars" ADD CONSTRAINT "memory_stars_user_high_users_id_fk" FOREIGN KEY ("user_high") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;