-- The ledger is the only truth (decision 0076, docs/product/purchases.md#the-command-path).
-- 1. The old payments table goes: migration 0021 copied every row into purchase_ledger_entries and nothing has read
--    or written it since. Refused (the migration fails) if a row of it is somehow missing from the ledger.
DO $$
BEGIN
  IF EXISTS (
    SELECT 1 FROM "payments" pm
    WHERE NOT EXISTS (
      SELECT 1 FROM "purchase_ledger_entries" e
      WHERE e."purchase_id" = pm."purchase_id" AND e."kind" = pm."kind"
        AND e."amount_cents" = pm."amount_cents" AND e."paid_on" = pm."paid_on"
    )
  ) THEN
    RAISE EXCEPTION 'payments holds a row the ledger lacks: it is not dropped';
  END IF;
END
$$;--> statement-breakpoint
DROP TABLE "payments" CASCADE;--> statement-breakpoint
-- 2. A credit note names the ledger entry it documents: a claim's credit, or the cancellation's reversal of the price.
ALTER TABLE "credit_notes" ADD COLUMN "ledger_entry_id" bigint;--> statement-breakpoint
ALTER TABLE "credit_notes" ADD CONSTRAINT "credit_notes_ledger_entry_id_purchase_ledger_entries_id_fk" FOREIGN KEY ("ledger_entry_id") REFERENCES "public"."purchase_ledger_entries"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
-- Backfill, the note's insert-only guard set aside for these two statements only (in this migration's transaction):
-- every note but a voiding one pairs, in order, with the purchase's credit entries (each credit wrote one of each,
-- and migration 0021 booked one credit per older note); a voiding note (no claim, "Purchase cancelled", decision
-- 0075) with the purchase's reversal of the price.
ALTER TABLE "credit_notes" DISABLE TRIGGER "credit_notes_immutable";--> statement-breakpoint
UPDATE "credit_notes" c SET "ledger_entry_id" = pair."entry_id"
FROM (
  SELECT n."id" AS "note_id", e."id" AS "entry_id"
  FROM (
    SELECT "id", "purchase_id", row_number() OVER (PARTITION BY "purchase_id" ORDER BY "issued_at", "id") AS "n"
    FROM "credit_notes" WHERE NOT ("claim_id" IS NULL AND "reason" = 'Purchase cancelled')
  ) n
  JOIN (
    SELECT "id", "purchase_id", row_number() OVER (PARTITION BY "purchase_id" ORDER BY "id") AS "n"
    FROM "purchase_ledger_entries" WHERE "kind" = 'credit'
  ) e ON e."purchase_id" = n."purchase_id" AND e."n" = n."n"
) pair
WHERE c."id" = pair."note_id";--> statement-breakpoint
UPDATE "credit_notes" c SET "ledger_entry_id" = (
  SELECT min(e."id") FROM "purchase_ledger_entries" e
  WHERE e."purchase_id" = c."purchase_id" AND e."kind" = 'reversal' AND e."of" = 'price'
)
WHERE c."claim_id" IS NULL AND c."reason" = 'Purchase cancelled';--> statement-breakpoint
ALTER TABLE "credit_notes" ENABLE TRIGGER "credit_notes_immutable";
