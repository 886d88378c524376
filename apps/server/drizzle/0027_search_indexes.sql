-- The reviewers' queue at a real broker's size (bench/console-scale.ts, 1,000,000 applications).
-- Search finds a name, e-mail, username, NRIC, client number or mobile anywhere in it: trigram
-- indexes answer ILIKE '%…%' without reading every row (pg_trgm is a trusted extension: the
-- database's owner may create it).
CREATE EXTENSION IF NOT EXISTS pg_trgm;--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "applications_name_trgm" ON "applications" USING gin ("applicant_name" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "applications_email_trgm" ON "applications" USING gin ("email" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "applications_username_trgm" ON "applications" USING gin ("username" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "applications_id_no_trgm" ON "applications" USING gin ((replace("id_no", '-', '')) gin_trgm_ops);--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "members_hs_no_trgm" ON "members" USING gin ("hs_no" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "members_mobile_trgm" ON "members" USING gin ("mobile" gin_trgm_ops);--> statement-breakpoint
-- A state's first page in the queue's order (due first) and its count up to the cap, read from one
-- index on the state itself (the expression of caseState in review/case-queue.ts, word for word), not
-- sorted or counted from every case in it; and the same order across every state. Not partial: the
-- planner uses an expression index's statistics only when it covers the table (a case never
-- submitted has no state, null), and without them it misjudged a state's size by 75 times.
CREATE INDEX IF NOT EXISTS "applications_case_state" ON "applications" ((case
  when "status" = 4 then 'approved'
  when "status" = 5 then 'rejected'
  when "status" in (2, 3) and "first_approved_by" is not null then 'secondApproval'
  when "status" in (2, 3) and "submission_count" > 1 then 'resubmitted'
  when "status" in (2, 3) and "assigned_to" is not null then 'inReview'
  when "status" in (2, 3) then 'submitted'
end), "due_at", "submitted_at", "id");--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "applications_queue_due" ON "applications" ("due_at", "submitted_at", "id") WHERE "submitted_at" IS NOT NULL;
--> statement-breakpoint
-- A publish's impact reads a step's most recently saved answers (a sample of 500), newest first.
CREATE INDEX IF NOT EXISTS "application_steps_step_saved" ON "application_steps" ("step_id", "updated_at");
