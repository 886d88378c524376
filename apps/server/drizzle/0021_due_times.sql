ALTER TABLE "applications" ADD COLUMN "due_at" timestamp with time zone;--> statement-breakpoint
CREATE INDEX "applications_open_due" ON "applications" USING btree ("due_at","id") WHERE "applications"."status" in (2, 3);--> statement-breakpoint
-- Cases submitted before due times existed: due at 18:00 Kuala Lumpur (10:00 UTC) on the next
-- weekday after the day of their submit. Holidays are not known to SQL; every submit from now on is
-- dated by the business calendar (schemas/calendar/business-calendar.json).
UPDATE "applications" SET "due_at" = (
  date_trunc('day', ("submitted_at" AT TIME ZONE 'UTC') + interval '8 hours')
  + make_interval(days => CASE extract(isodow FROM ("submitted_at" AT TIME ZONE 'UTC') + interval '8 hours') WHEN 5 THEN 3 WHEN 6 THEN 2 ELSE 1 END)
  + interval '10 hours'
) AT TIME ZONE 'UTC'
WHERE "submitted_at" IS NOT NULL;
