CREATE TABLE "screening_decisions" (
	"id" text PRIMARY KEY NOT NULL,
	"member_id" text NOT NULL,
	"id_no" text,
	"application_id" text NOT NULL,
	"result_id" text NOT NULL,
	"list_name" text NOT NULL,
	"entry_ref" text NOT NULL,
	"category" text NOT NULL,
	"entry_hash" text NOT NULL,
	"subject_hash" text NOT NULL,
	"outcome" text NOT NULL,
	"reason" text NOT NULL,
	"decided_by" text NOT NULL,
	"decided_at" timestamp with time zone DEFAULT now() NOT NULL,
	"overridden_at" timestamp with time zone,
	"overridden_by_change" text
);
--> statement-breakpoint
CREATE TABLE "screening_runs" (
	"id" text PRIMARY KEY NOT NULL,
	"list_id" text NOT NULL,
	"state" text DEFAULT 'running' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"finished_at" timestamp with time zone,
	"screened" integer DEFAULT 0 NOT NULL,
	"hits" integer DEFAULT 0 NOT NULL,
	"cursor" text,
	"failure" text
);
--> statement-breakpoint
DROP INDEX "screening_lists_live";--> statement-breakpoint
ALTER TABLE "screening_lists" ADD COLUMN "state" text DEFAULT 'live' NOT NULL;--> statement-breakpoint
ALTER TABLE "screening_lists" ADD COLUMN "failure" text;--> statement-breakpoint
ALTER TABLE "screening_lists" ADD COLUMN "source_path" text;--> statement-breakpoint
ALTER TABLE "screening_results" ADD COLUMN "kind" text DEFAULT 'submit' NOT NULL;--> statement-breakpoint
ALTER TABLE "screening_results" ADD COLUMN "run_id" text;--> statement-breakpoint
ALTER TABLE "screening_decisions" ADD CONSTRAINT "screening_decisions_decided_by_staff_id_fk" FOREIGN KEY ("decided_by") REFERENCES "public"."staff"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "screening_runs" ADD CONSTRAINT "screening_runs_list_id_screening_lists_id_fk" FOREIGN KEY ("list_id") REFERENCES "public"."screening_lists"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "screening_decisions_one_per_hit" ON "screening_decisions" USING btree ("result_id","list_name","entry_ref");--> statement-breakpoint
CREATE INDEX "screening_decisions_member" ON "screening_decisions" USING btree ("member_id");--> statement-breakpoint
CREATE INDEX "screening_decisions_id_no" ON "screening_decisions" USING btree ("id_no");--> statement-breakpoint
CREATE INDEX "screening_decisions_application" ON "screening_decisions" USING btree ("application_id");--> statement-breakpoint
CREATE INDEX "screening_runs_list" ON "screening_runs" USING btree ("list_id");--> statement-breakpoint
CREATE INDEX "screening_results_held" ON "screening_results" USING btree ("application_id") WHERE state = 'hit';--> statement-breakpoint
CREATE UNIQUE INDEX "screening_lists_live" ON "screening_lists" USING btree ("name") WHERE state = 'live';--> statement-breakpoint
UPDATE "screening_lists" SET "state" = 'retired' WHERE "retired_at" IS NOT NULL;--> statement-breakpoint
-- A screening against no list compared nothing: it was never "clear".
UPDATE "screening_results" SET "state" = 'unscreened' WHERE "state" = 'clear' AND "lists" = '[]'::jsonb;--> statement-breakpoint
-- Decisions made on a whole result before they were one per hit: one per hit, as made. They carry no
-- hashes, so a clearance is not carried to a later screening; a confirmation always is.
INSERT INTO "screening_decisions" ("id", "member_id", "id_no", "application_id", "result_id", "list_name", "entry_ref", "category", "entry_hash", "subject_hash", "outcome", "reason", "decided_by", "decided_at")
SELECT r."id" || ':' || (h->>'ref'), a."member_id", a."id_no", r."application_id", r."id", h->'list'->>'name', h->>'ref', coalesce(h->>'category', 'sanctions'), '', '', r."state", coalesce(r."decision_reason", ''), r."decided_by", coalesce(r."decided_at", r."created_at")
FROM "screening_results" r JOIN "applications" a ON a."id" = r."application_id", jsonb_array_elements(r."hits") h
WHERE r."state" IN ('cleared', 'confirmed') AND r."decided_by" IS NOT NULL
ON CONFLICT DO NOTHING;
