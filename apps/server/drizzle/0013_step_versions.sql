CREATE TABLE "step_publications" (
	"id" serial PRIMARY KEY NOT NULL,
	"step_id" text NOT NULL,
	"version" integer NOT NULL,
	"action" text NOT NULL,
	"staff_id" text NOT NULL,
	"migration" text,
	"started_at" timestamp with time zone DEFAULT now() NOT NULL,
	"ended_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "step_versions" (
	"step_id" text NOT NULL,
	"version" integer NOT NULL,
	"status" text NOT NULL,
	"based_on" integer NOT NULL,
	"document" json NOT NULL,
	"translations" json NOT NULL,
	"author_id" text NOT NULL,
	"reviewer_id" text,
	"json_schema" jsonb,
	"validator_code" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"submitted_at" timestamp with time zone,
	"published_at" timestamp with time zone,
	CONSTRAINT "step_versions_step_id_version_pk" PRIMARY KEY("step_id","version")
);
--> statement-breakpoint
ALTER TABLE "application_steps" ADD COLUMN "schema_version" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "step_publications" ADD CONSTRAINT "step_publications_staff_id_staff_id_fk" FOREIGN KEY ("staff_id") REFERENCES "public"."staff"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "step_versions" ADD CONSTRAINT "step_versions_author_id_staff_id_fk" FOREIGN KEY ("author_id") REFERENCES "public"."staff"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "step_versions" ADD CONSTRAINT "step_versions_reviewer_id_staff_id_fk" FOREIGN KEY ("reviewer_id") REFERENCES "public"."staff"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "step_publications_step" ON "step_publications" USING btree ("step_id","started_at");--> statement-breakpoint
CREATE UNIQUE INDEX "step_publications_live" ON "step_publications" USING btree ("step_id") WHERE ended_at is null;