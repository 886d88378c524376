CREATE TABLE "case_notes" (
	"id" serial PRIMARY KEY NOT NULL,
	"application_id" text NOT NULL,
	"staff_id" text NOT NULL,
	"body" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "submissions" (
	"application_id" text NOT NULL,
	"number" integer NOT NULL,
	"payloads" jsonb NOT NULL,
	"answers_rejection" text,
	"submitted_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "submissions_application_id_number_pk" PRIMARY KEY("application_id","number")
);
--> statement-breakpoint
ALTER TABLE "applications" ADD COLUMN "rejection_note" text;--> statement-breakpoint
ALTER TABLE "applications" ADD COLUMN "applicant_name" text;--> statement-breakpoint
ALTER TABLE "applications" ADD COLUMN "pep" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "applications" ADD COLUMN "margin" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "applications" ADD COLUMN "identity_mismatch" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "applications" ADD COLUMN "submission_count" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "applications" ADD COLUMN "first_approved_by" text;--> statement-breakpoint
ALTER TABLE "applications" ADD COLUMN "first_approved_markets" integer;--> statement-breakpoint
ALTER TABLE "applications" ADD COLUMN "first_approved_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "case_notes" ADD CONSTRAINT "case_notes_application_id_applications_id_fk" FOREIGN KEY ("application_id") REFERENCES "public"."applications"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "case_notes" ADD CONSTRAINT "case_notes_staff_id_staff_id_fk" FOREIGN KEY ("staff_id") REFERENCES "public"."staff"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "submissions" ADD CONSTRAINT "submissions_application_id_applications_id_fk" FOREIGN KEY ("application_id") REFERENCES "public"."applications"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "case_notes_application" ON "case_notes" USING btree ("application_id","created_at");--> statement-breakpoint
CREATE INDEX "audit_log_created" ON "audit_log" USING btree ("created_at");