CREATE TABLE "audit_anchors" (
	"chain_seq" bigint PRIMARY KEY NOT NULL,
	"hash" text NOT NULL,
	"entries_purged" integer NOT NULL,
	"purged_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "legal_holds" (
	"id" serial PRIMARY KEY NOT NULL,
	"member_id" text NOT NULL,
	"reason" text NOT NULL,
	"placed_at" timestamp with time zone DEFAULT now() NOT NULL,
	"released_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "members" ADD COLUMN "closed_at" timestamp with time zone;--> statement-breakpoint
CREATE INDEX "legal_holds_member" ON "legal_holds" USING btree ("member_id") WHERE released_at is null;--> statement-breakpoint
-- Retention (services/retention.ts). The audit log keeps time order: an entry is never dated before
-- the one it follows, nor after now (so no entry can be slipped in as old enough to purge).
CREATE OR REPLACE FUNCTION "kh_audit_chain"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  last_seq bigint;
  last_hash text;
  last_at timestamptz;
BEGIN
  PERFORM pg_advisory_xact_lock(hashtext('kh:audit-chain'));
  SELECT "chain_seq", "hash", "created_at" INTO last_seq, last_hash, last_at FROM "audit_log" WHERE "chain_seq" IS NOT NULL ORDER BY "chain_seq" DESC LIMIT 1;
  IF last_seq IS NULL THEN
    -- Everything before was purged: the chain continues from the anchor of the last entry removed.
    SELECT "chain_seq", "hash" INTO last_seq, last_hash FROM "audit_anchors" ORDER BY "chain_seq" DESC LIMIT 1;
  END IF;
  NEW.chain_seq := coalesce(last_seq, 0) + 1;
  NEW.prev_hash := last_hash;
  NEW.created_at := least(greatest(coalesce(NEW.created_at, now()), coalesce(last_at, '-infinity')), greatest(now(), coalesce(last_at, '-infinity')));
  NEW.hash := "kh_audit_entry_hash"(NEW.prev_hash, NEW);
  RETURN NEW;
END $$;
--> statement-breakpoint
-- An anchor names a chained entry at least six years old (the legal minimum; the retention job may
-- keep longer), past every earlier anchor, with that entry's hash.
CREATE FUNCTION "kh_audit_anchor_check"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  entry_hash text;
  entry_at timestamptz;
BEGIN
  PERFORM pg_advisory_xact_lock(hashtext('kh:audit-chain'));
  SELECT "hash", "created_at" INTO entry_hash, entry_at FROM "audit_log" WHERE "chain_seq" = NEW.chain_seq;
  IF entry_hash IS NULL OR entry_hash <> NEW.hash THEN
    RAISE EXCEPTION 'an audit anchor must name an entry of the chain with its hash' USING ERRCODE = 'check_violation';
  END IF;
  IF entry_at > now() - interval '6 years' THEN
    RAISE EXCEPTION 'audit entries are kept at least six years' USING ERRCODE = 'check_violation';
  END IF;
  IF EXISTS (SELECT 1 FROM "audit_anchors" WHERE "chain_seq" >= NEW.chain_seq) THEN
    RAISE EXCEPTION 'an audit anchor must follow the last one' USING ERRCODE = 'check_violation';
  END IF;
  NEW.purged_at := now();
  RETURN NEW;
END $$;
--> statement-breakpoint
CREATE TRIGGER "audit_anchors_check" BEFORE INSERT ON "audit_anchors" FOR EACH ROW EXECUTE FUNCTION "kh_audit_anchor_check"();
--> statement-breakpoint
CREATE TRIGGER "audit_anchors_no_change" BEFORE UPDATE OR DELETE ON "audit_anchors" FOR EACH ROW EXECUTE FUNCTION "kh_audit_append_only"();
--> statement-breakpoint
CREATE TRIGGER "audit_anchors_no_truncate" BEFORE TRUNCATE ON "audit_anchors" FOR EACH STATEMENT EXECUTE FUNCTION "kh_audit_append_only"();
--> statement-breakpoint
-- The only removal from the audit log: entries up to the latest anchor, which the anchor check allowed.
CREATE OR REPLACE FUNCTION "kh_audit_append_only"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'DELETE' AND TG_TABLE_NAME = 'audit_log' AND OLD.chain_seq <= (SELECT max("chain_seq") FROM "audit_anchors") THEN
    RETURN OLD;
  END IF;
  RAISE EXCEPTION '% is append-only', TG_TABLE_NAME USING ERRCODE = 'insufficient_privilege';
END $$;
