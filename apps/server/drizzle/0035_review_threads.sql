ALTER TABLE "step_version_comments" ADD COLUMN "parent_id" integer;--> statement-breakpoint
ALTER TABLE "step_version_comments" ADD COLUMN "resolved_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "step_version_comments" ADD COLUMN "resolved_by" text;--> statement-breakpoint
ALTER TABLE "step_version_comments" ADD CONSTRAINT "step_version_comments_parent_id_step_version_comments_id_fk" FOREIGN KEY ("parent_id") REFERENCES "public"."step_version_comments"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "step_version_comments" ADD CONSTRAINT "step_version_comments_resolved_by_staff_id_fk" FOREIGN KEY ("resolved_by") REFERENCES "public"."staff"("id") ON DELETE no action ON UPDATE no action;