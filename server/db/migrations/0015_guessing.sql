CREATE TABLE "guess_marks" (
	"session_id" uuid NOT NULL,
	"item_id" uuid NOT NULL,
	"mark" text NOT NULL,
	"marked_by" text NOT NULL,
	"marked_at" timestamp with time zone NOT NULL,
	CONSTRAINT "guess_marks_session_id_item_id_pk" PRIMARY KEY("session_id","item_id")
);
--> statement-breakpoint
ALTER TABLE "game_sessions" ADD COLUMN "guessing" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "guess_marks" ADD CONSTRAINT "guess_marks_session_id_game_sessions_id_fk" FOREIGN KEY ("session_id") REFERENCES "public"."game_sessions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "guess_marks" ADD CONSTRAINT "guess_marks_item_id_items_id_fk" FOREIGN KEY ("item_id") REFERENCES "public"."items"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "guess_marks" ADD CONSTRAINT "guess_marks_marked_by_users_id_fk" FOREIGN KEY ("marked_by") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;