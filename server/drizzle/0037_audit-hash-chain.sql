CREATE TABLE "audit_chain_head" (
	"id" boolean PRIMARY KEY DEFAULT true NOT NULL,
	"last_seq" bigint NOT NULL,
	"last_hash" text NOT NULL,
	CONSTRAINT "audit_chain_head_one_row" CHECK ("audit_chain_head"."id")
);
--> statement-breakpoint
CREATE TABLE "audit_verifications" (
	"day" date PRIMARY KEY NOT NULL,
	"started_at" timestamp with time zone DEFAULT now() NOT NULL,
	"finished_at" timestamp with time zone,
	"ok" boolean,
	"rows_checked" integer,
	"through_at" timestamp with time zone,
	"through_seq" bigint,
	"head_hash" text,
	"problems" jsonb
);
--> statement-breakpoint
-- The audit log becomes a hash chain (decision 0081, docs/product/security.md#audit-log): each row carries the
-- next chain_seq, the previous row's hash and the SHA-256 of its own canonical content, which includes that previous
-- hash. A BEFORE INSERT trigger sets them under a row lock on audit_chain_head, so two transactions writing audit rows
-- at once queue there and the chain never forks. `npm run audit:verify` recomputes the chain with its own copy of the
-- canonical form (server/src/modules/audit/audit-chain.ts); keep the two identical.
ALTER TABLE "audit_log" ADD COLUMN "chain_seq" bigint;--> statement-breakpoint
ALTER TABLE "audit_log" ADD COLUMN "prev_hash" text;--> statement-breakpoint
ALTER TABLE "audit_log" ADD COLUMN "row_hash" text;--> statement-breakpoint
CREATE FUNCTION audit_log_row_hash(
  seq bigint, prev text, row_id bigint, action text, resource_type text, actor_user_id uuid, actor_email text,
  ip text, details jsonb, created_at timestamptz
) RETURNS text LANGUAGE sql IMMUTABLE AS $$
  SELECT encode(sha256(convert_to(jsonb_build_array(
    seq, prev, row_id, action, resource_type, actor_user_id, actor_email, ip, details,
    to_char(created_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"')
  )::text, 'UTF8')), 'hex')
$$;
--> statement-breakpoint
-- Backfill: the rows written so far, chained in id order from the genesis hash (64 zeros). The insert-only guard is
-- off for this one statement only, inside the migration's transaction.
ALTER TABLE "audit_log" DISABLE TRIGGER "audit_log_no_update";--> statement-breakpoint
DO $$
DECLARE
  r record;
  h text := repeat('0', 64);
  prev text;
  s bigint := 0;
BEGIN
  FOR r IN SELECT * FROM audit_log ORDER BY id LOOP
    s := s + 1;
    prev := h;
    h := audit_log_row_hash(s, prev, r.id, r.action, r.resource_type, r.actor_user_id, r.actor_email, r.ip,
      r.details, r.created_at);
    UPDATE audit_log SET chain_seq = s, prev_hash = prev, row_hash = h WHERE id = r.id;
  END LOOP;
  INSERT INTO audit_chain_head (id, last_seq, last_hash) VALUES (true, s, h);
END;
$$;
--> statement-breakpoint
ALTER TABLE "audit_log" ENABLE TRIGGER "audit_log_no_update";--> statement-breakpoint
ALTER TABLE "audit_log" ALTER COLUMN "chain_seq" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "audit_log" ALTER COLUMN "prev_hash" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "audit_log" ALTER COLUMN "row_hash" SET NOT NULL;--> statement-breakpoint
CREATE UNIQUE INDEX "audit_log_chain_seq_key" ON "audit_log" USING btree ("chain_seq");--> statement-breakpoint
CREATE FUNCTION audit_log_chain() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  head record;
BEGIN
  -- The row lock queues concurrent writers until this transaction ends; under REPEATABLE READ a writer that lost the
  -- race gets a serialization failure instead of a forked chain.
  SELECT last_seq, last_hash INTO head FROM audit_chain_head WHERE id FOR UPDATE;
  IF NOT FOUND THEN
    RAISE EXCEPTION 'audit_chain_head has no row: the audit chain cannot continue';
  END IF;
  NEW.chain_seq := head.last_seq + 1;
  NEW.prev_hash := head.last_hash;
  NEW.row_hash := audit_log_row_hash(NEW.chain_seq, NEW.prev_hash, NEW.id, NEW.action, NEW.resource_type,
    NEW.actor_user_id, NEW.actor_email, NEW.ip, NEW.details, NEW.created_at);
  UPDATE audit_chain_head SET last_seq = NEW.chain_seq, last_hash = NEW.row_hash WHERE id;
  RETURN NEW;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER "audit_log_chain" BEFORE INSERT ON "audit_log" FOR EACH ROW EXECUTE FUNCTION audit_log_chain();
