CREATE TABLE "screening_entries" (
	"list_id" text NOT NULL,
	"ref" text NOT NULL,
	"category" text NOT NULL,
	"names" jsonb NOT NULL,
	"birth_dates" jsonb NOT NULL,
	"nationalities" jsonb NOT NULL,
	CONSTRAINT "screening_entries_list_id_ref_pk" PRIMARY KEY("list_id","ref")
);
--> statement-breakpoint
CREATE TABLE "screening_lists" (
	"id" text PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"format" text NOT NULL,
	"version" integer NOT NULL,
	"sha256" text NOT NULL,
	"entry_count" integer NOT NULL,
	"problems" jsonb NOT NULL,
	"imported_by" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"retired_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "screening_results" (
	"id" text PRIMARY KEY NOT NULL,
	"application_id" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"subject" jsonb NOT NULL,
	"lists" jsonb NOT NULL,
	"hits" jsonb NOT NULL,
	"state" text NOT NULL,
	"decided_by" text,
	"decided_at" timestamp with time zone,
	"decision_reason" text
);
--> statement-breakpoint
ALTER TABLE "screening_entries" ADD CONSTRAINT "screening_entries_list_id_screening_lists_id_fk" FOREIGN KEY ("list_id") REFERENCES "public"."screening_lists"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "screening_lists" ADD CONSTRAINT "screening_lists_imported_by_staff_id_fk" FOREIGN KEY ("imported_by") REFERENCES "public"."staff"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "screening_results" ADD CONSTRAINT "screening_results_application_id_applications_id_fk" FOREIGN KEY ("application_id") REFERENCES "public"."applications"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "screening_results" ADD CONSTRAINT "screening_results_decided_by_staff_id_fk" FOREIGN KEY ("decided_by") REFERENCES "public"."staff"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "screening_lists_name_version" ON "screening_lists" USING btree ("name","version");--> statement-breakpoint
CREATE UNIQUE INDEX "screening_lists_live" ON "screening_lists" USING btree ("name") WHERE retired_at is null;--> statement-breakpoint
CREATE INDEX "screening_results_application" ON "screening_results" USING btree ("application_id","created_at");