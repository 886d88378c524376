CREATE TABLE "step_experiments" (
	"id" serial PRIMARY KEY NOT NULL,
	"step_id" text NOT NULL,
	"version" integer NOT NULL,
	"control" integer NOT NULL,
	"share" integer NOT NULL,
	"migration" text,
	"started_by" text NOT NULL,
	"started_at" timestamp with time zone DEFAULT now() NOT NULL,
	"end_outcome" text,
	"end_asked_by" text,
	"end_asked_at" timestamp with time zone,
	"ended_by" text,
	"ended_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "step_versions" ADD COLUMN "publish_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "step_versions" ADD COLUMN "publish_by" text;--> statement-breakpoint
ALTER TABLE "step_versions" ADD COLUMN "publish_migration" text;--> statement-breakpoint
ALTER TABLE "step_versions" ADD COLUMN "schedule_failure" jsonb;--> statement-breakpoint
ALTER TABLE "step_versions" ADD COLUMN "text_sources" json DEFAULT '{}'::json NOT NULL;--> statement-breakpoint
ALTER TABLE "step_experiments" ADD CONSTRAINT "step_experiments_started_by_staff_id_fk" FOREIGN KEY ("started_by") REFERENCES "public"."staff"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "step_experiments" ADD CONSTRAINT "step_experiments_end_asked_by_staff_id_fk" FOREIGN KEY ("end_asked_by") REFERENCES "public"."staff"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "step_experiments" ADD CONSTRAINT "step_experiments_ended_by_staff_id_fk" FOREIGN KEY ("ended_by") REFERENCES "public"."staff"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "step_experiments_step" ON "step_experiments" USING btree ("step_id","started_at");--> statement-breakpoint
CREATE UNIQUE INDEX "step_experiments_running" ON "step_experiments" USING btree ("step_id") WHERE ended_at is null;--> statement-breakpoint
ALTER TABLE "step_versions" ADD CONSTRAINT "step_versions_publish_by_staff_id_fk" FOREIGN KEY ("publish_by") REFERENCES "public"."staff"("id") ON DELETE no action ON UPDATE no action;