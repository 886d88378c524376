CREATE TABLE "member_claims" (
	"kind" text NOT NULL,
	"value" text NOT NULL,
	"member_id" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "member_claims_kind_value_pk" PRIMARY KEY("kind","value")
);
--> statement-breakpoint
CREATE TABLE "staff_changes" (
	"id" text PRIMARY KEY NOT NULL,
	"kind" text NOT NULL,
	"target_staff_id" text,
	"target_member_id" text,
	"change" jsonb NOT NULL,
	"state" text DEFAULT 'pending' NOT NULL,
	"proposed_by" text NOT NULL,
	"proposed_at" timestamp with time zone DEFAULT now() NOT NULL,
	"decided_by" text,
	"decided_at" timestamp with time zone,
	"expires_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "audit_log" ALTER COLUMN "staff_id" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "audit_log" ADD COLUMN "ip" text;--> statement-breakpoint
ALTER TABLE "audit_log" ADD COLUMN "user_agent" text;--> statement-breakpoint
ALTER TABLE "audit_log" ADD COLUMN "chain_seq" bigint;--> statement-breakpoint
ALTER TABLE "audit_log" ADD COLUMN "prev_hash" text;--> statement-breakpoint
ALTER TABLE "audit_log" ADD COLUMN "hash" text;--> statement-breakpoint
ALTER TABLE "sessions" ADD COLUMN "last_seen_at" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
ALTER TABLE "staff" ADD COLUMN "one_time_password_until" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "staff" ADD COLUMN "password_changed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "staff_sessions" ADD COLUMN "ref" text DEFAULT gen_random_uuid()::text NOT NULL;--> statement-breakpoint
ALTER TABLE "staff_sessions" ADD COLUMN "pending_totp_secret" text;--> statement-breakpoint
ALTER TABLE "staff_sessions" ADD COLUMN "ip" text;--> statement-breakpoint
ALTER TABLE "staff_sessions" ADD COLUMN "user_agent" text;--> statement-breakpoint
ALTER TABLE "step_versions" ADD COLUMN "rollback_of" integer;--> statement-breakpoint
ALTER TABLE "step_versions" ADD COLUMN "retired_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "member_claims" ADD CONSTRAINT "member_claims_member_id_members_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."members"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "staff_changes" ADD CONSTRAINT "staff_changes_target_staff_id_staff_id_fk" FOREIGN KEY ("target_staff_id") REFERENCES "public"."staff"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "staff_changes" ADD CONSTRAINT "staff_changes_proposed_by_staff_id_fk" FOREIGN KEY ("proposed_by") REFERENCES "public"."staff"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "staff_changes" ADD CONSTRAINT "staff_changes_decided_by_staff_id_fk" FOREIGN KEY ("decided_by") REFERENCES "public"."staff"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "member_claims_member_kind" ON "member_claims" USING btree ("member_id","kind");--> statement-breakpoint
CREATE INDEX "staff_changes_state" ON "staff_changes" USING btree ("state","proposed_at");--> statement-breakpoint
CREATE INDEX "staff_changes_target" ON "staff_changes" USING btree ("target_staff_id","decided_at");--> statement-breakpoint
CREATE UNIQUE INDEX "staff_changes_one_pending" ON "staff_changes" USING btree ("kind",coalesce("target_staff_id", "target_member_id", "change"->>'email')) WHERE "staff_changes"."state" = 'pending';--> statement-breakpoint
CREATE UNIQUE INDEX "audit_log_chain" ON "audit_log" USING btree ("chain_seq");--> statement-breakpoint
CREATE INDEX "sessions_member" ON "sessions" USING btree ("member_id");--> statement-breakpoint
CREATE INDEX "staff_sessions_staff" ON "staff_sessions" USING btree ("staff_id");--> statement-breakpoint
CREATE INDEX "step_versions_author" ON "step_versions" USING btree ("author_id","status");--> statement-breakpoint
CREATE INDEX "step_versions_retired" ON "step_versions" USING btree ("step_id","version") WHERE retired_at is not null;--> statement-breakpoint
ALTER TABLE "staff_sessions" ADD CONSTRAINT "staff_sessions_ref_unique" UNIQUE("ref");--> statement-breakpoint
-- What each member holds alone, from the applications saved before claims existed (the newest
-- answer per member; where two members already hold one value, the first keeps it).
INSERT INTO "member_claims" ("kind", "value", "member_id")
SELECT DISTINCT ON ("kind", "member_id") "kind", "value", "member_id" FROM (
  SELECT 'username' AS "kind", lower("username") AS "value", "member_id", "updated_at" FROM "applications" WHERE coalesce("username", '') <> ''
  UNION ALL SELECT 'email', lower("email"), "member_id", "updated_at" FROM "applications" WHERE coalesce("email", '') <> ''
  UNION ALL SELECT 'idNo', upper(regexp_replace("id_no", '[\s-]', '', 'g')), "member_id", "updated_at" FROM "applications" WHERE coalesce("id_no", '') <> ''
) AS "held" ORDER BY "kind", "member_id", "updated_at" DESC
ON CONFLICT DO NOTHING;
--> statement-breakpoint
-- A secret not yet confirmed lived on the account, where every sign-in showed it: it now lives in the
-- half session that enrols it.
UPDATE "staff" SET "totp_secret" = NULL WHERE "totp_enabled_at" IS NULL;
--> statement-breakpoint
-- The audit chain: each entry's hash covers the one before and every column of its own, written as a
-- JSON array (unambiguous: no value can move into its neighbour) with the time in UTC to the microsecond.
CREATE FUNCTION "kh_audit_entry_hash"(prev text, entry "audit_log") RETURNS text LANGUAGE sql STABLE AS $$
  SELECT encode(sha256(convert_to(json_build_array(
    prev, entry.chain_seq, entry.id, entry.staff_id, entry.action, entry.ip, entry.user_agent,
    entry.application_id, entry.member_id, entry.status_before, entry.status_after, entry.detail,
    to_char(entry.created_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US')
  )::text, 'UTF8')), 'hex')
$$;
--> statement-breakpoint
DO $$
DECLARE
  entry "audit_log"%ROWTYPE;
  prev text;
  seq bigint := 0;
BEGIN
  FOR entry IN SELECT * FROM "audit_log" ORDER BY "id" LOOP
    seq := seq + 1;
    entry.chain_seq := seq;
    entry.prev_hash := prev;
    entry.hash := "kh_audit_entry_hash"(prev, entry);
    UPDATE "audit_log" SET "chain_seq" = entry.chain_seq, "prev_hash" = entry.prev_hash, "hash" = entry.hash WHERE "id" = entry.id;
    prev := entry.hash;
  END LOOP;
END $$;
--> statement-breakpoint
-- Every insert joins the chain under one lock, whichever instance writes: the entries are linked in
-- the order they commit.
CREATE FUNCTION "kh_audit_chain"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  last_seq bigint;
  last_hash text;
BEGIN
  PERFORM pg_advisory_xact_lock(hashtext('kh:audit-chain'));
  SELECT "chain_seq", "hash" INTO last_seq, last_hash FROM "audit_log" WHERE "chain_seq" IS NOT NULL ORDER BY "chain_seq" DESC LIMIT 1;
  NEW.chain_seq := coalesce(last_seq, 0) + 1;
  NEW.prev_hash := last_hash;
  NEW.created_at := coalesce(NEW.created_at, now());
  NEW.hash := "kh_audit_entry_hash"(NEW.prev_hash, NEW);
  RETURN NEW;
END $$;
--> statement-breakpoint
CREATE TRIGGER "audit_log_chain" BEFORE INSERT ON "audit_log" FOR EACH ROW EXECUTE FUNCTION "kh_audit_chain"();
--> statement-breakpoint
-- Append-only where the application writes: no entry is changed or removed by it.
CREATE FUNCTION "kh_audit_append_only"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'audit_log is append-only' USING ERRCODE = 'insufficient_privilege';
END $$;
--> statement-breakpoint
CREATE TRIGGER "audit_log_no_change" BEFORE UPDATE OR DELETE ON "audit_log" FOR EACH ROW EXECUTE FUNCTION "kh_audit_append_only"();
--> statement-breakpoint
CREATE TRIGGER "audit_log_no_truncate" BEFORE TRUNCATE ON "audit_log" FOR EACH STATEMENT EXECUTE FUNCTION "kh_audit_append_only"();
