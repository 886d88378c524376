CREATE TABLE "step_version_comments" (
	"id" serial PRIMARY KEY NOT NULL,
	"step_id" text NOT NULL,
	"version" integer NOT NULL,
	"field" text,
	"body" text NOT NULL,
	"author_id" text NOT NULL,
	"changes_requested" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "step_version_comments" ADD CONSTRAINT "step_version_comments_author_id_staff_id_fk" FOREIGN KEY ("author_id") REFERENCES "public"."staff"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "step_version_comments_version" ON "step_version_comments" USING btree ("step_id","version","created_at");