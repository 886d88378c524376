-- A member's claims (member-claims.ts) taken in one statement, one round trip instead of a
-- transaction's five a kind: the personal step's save spent most of its time on them (bench/saves.ts).
-- Kinds come in a fixed order, so two racers queue on the same key rather than deadlock. Each statement
-- in the loop sees what committed before it: the insert waits on the unique key for a racer holding the
-- value, then the read finds the racer the owner. All or none: when one value is another's, the block
-- is rolled back and nothing was taken or given up; the kinds lost are the answer.
CREATE OR REPLACE FUNCTION kh_claim(claimant text, kinds text[], claimed text[]) RETURNS text[]
LANGUAGE plpgsql AS $$
DECLARE
  lost text[] := '{}';
  owner text;
BEGIN
  BEGIN
    FOR i IN 1 .. coalesce(array_length(kinds, 1), 0) LOOP
      DELETE FROM member_claims WHERE member_id = claimant AND kind = kinds[i] AND value <> claimed[i];
      INSERT INTO member_claims (kind, value, member_id) VALUES (kinds[i], claimed[i], claimant) ON CONFLICT DO NOTHING;
      SELECT member_id INTO owner FROM member_claims WHERE kind = kinds[i] AND value = claimed[i];
      IF owner IS DISTINCT FROM claimant THEN
        lost := lost || kinds[i];
      END IF;
    END LOOP;
    IF cardinality(lost) > 0 THEN
      RAISE EXCEPTION USING ERRCODE = 'KH001', MESSAGE = 'claim lost';
    END IF;
  EXCEPTION WHEN SQLSTATE 'KH001' THEN
    RETURN lost;
  END;
  RETURN lost;
END
$$;
