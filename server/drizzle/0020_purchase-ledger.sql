-- The purchase ledger (decision 0033, docs/product/purchases.md#the-ledger): every money movement of a purchase as
-- an insert-only entry. Existing purchases are backfilled from what the columns and records hold, so an existing
-- database keeps its figures; then the credited, paid and refunded columns go (the ledger is the one record).
CREATE TABLE "purchase_ledger_entries" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"purchase_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"line" text,
	"of" text,
	"born_by" text,
	"amount_cents" bigint NOT NULL,
	"method" text,
	"reference" text,
	"paid_on" date,
	"reason" text,
	"claim_id" uuid,
	"at" timestamp with time zone NOT NULL,
	"recorded_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "purchase_ledger_entries_kind_check" CHECK ("purchase_ledger_entries"."kind" in ('charge','seller_payable','payment','credit','refund','payout','seller_repayment','reversal')),
	CONSTRAINT "purchase_ledger_entries_amount_check" CHECK ("purchase_ledger_entries"."amount_cents" > 0),
	CONSTRAINT "purchase_ledger_entries_line_check" CHECK (("purchase_ledger_entries"."kind" = 'charge') = ("purchase_ledger_entries"."line" is not null) and ("purchase_ledger_entries"."line" is null or "purchase_ledger_entries"."line" in ('price','buyer_fee','delivery'))),
	CONSTRAINT "purchase_ledger_entries_of_check" CHECK (("purchase_ledger_entries"."kind" = 'reversal') = ("purchase_ledger_entries"."of" is not null) and ("purchase_ledger_entries"."of" is null or "purchase_ledger_entries"."of" in ('price','buyer_fee','delivery','seller_payable','credit_fieldlot','credit_seller'))),
	CONSTRAINT "purchase_ledger_entries_born_by_check" CHECK (("purchase_ledger_entries"."kind" = 'credit') = ("purchase_ledger_entries"."born_by" is not null) and ("purchase_ledger_entries"."born_by" is null or "purchase_ledger_entries"."born_by" in ('fieldlot','seller'))),
	CONSTRAINT "purchase_ledger_entries_move_check" CHECK (("purchase_ledger_entries"."kind" in ('payment','refund','payout','seller_repayment')) = ("purchase_ledger_entries"."method" is not null and "purchase_ledger_entries"."reference" is not null and "purchase_ledger_entries"."paid_on" is not null) and ("purchase_ledger_entries"."method" is null or "purchase_ledger_entries"."method" in ('wire','ach','check','other'))),
	CONSTRAINT "purchase_ledger_entries_reason_check" CHECK (("purchase_ledger_entries"."kind" in ('credit','reversal')) = ("purchase_ledger_entries"."reason" is not null))
);
--> statement-breakpoint
ALTER TABLE "purchases" DROP CONSTRAINT "purchases_money_check";--> statement-breakpoint
ALTER TABLE "purchase_ledger_entries" ADD CONSTRAINT "purchase_ledger_entries_purchase_id_purchases_id_fk" FOREIGN KEY ("purchase_id") REFERENCES "public"."purchases"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "purchase_ledger_entries" ADD CONSTRAINT "purchase_ledger_entries_claim_id_purchase_claims_id_fk" FOREIGN KEY ("claim_id") REFERENCES "public"."purchase_claims"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "purchase_ledger_entries" ADD CONSTRAINT "purchase_ledger_entries_recorded_by_users_id_fk" FOREIGN KEY ("recorded_by") REFERENCES "public"."users"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "purchase_ledger_entries_purchase_idx" ON "purchase_ledger_entries" USING btree ("purchase_id","id");--> statement-breakpoint
CREATE INDEX "purchase_ledger_entries_at_idx" ON "purchase_ledger_entries" USING btree ("at");--> statement-breakpoint
-- Backfill 1: the invoice's lines, at the invoice's issue (total_cents is set exactly when the invoice is issued).
INSERT INTO "purchase_ledger_entries" ("purchase_id", "kind", "line", "amount_cents", "at")
SELECT p."id", 'charge', l."line", l."amount", coalesce(i."issued_at", p."updated_at")
FROM "purchases" p
LEFT JOIN "invoices" i ON i."purchase_id" = p."id"
CROSS JOIN LATERAL (VALUES (1, 'price', p."price_cents"), (2, 'buyer_fee', p."buyer_fee_cents"),
  (3, 'delivery', coalesce(p."delivery_cents", 0))) AS l("n", "line", "amount")
WHERE p."total_cents" IS NOT NULL AND l."amount" > 0
ORDER BY p."created_at", p."id", l."n";--> statement-breakpoint
-- Backfill 2: what FieldLot owes the seller of a dealer's listing, price - the seller fee (SELLER_FEE_CENTS'
-- default, $250: the fee My Listings showed).
INSERT INTO "purchase_ledger_entries" ("purchase_id", "kind", "amount_cents", "at")
SELECT p."id", 'seller_payable', p."price_cents" - 25000, coalesce(i."issued_at", p."updated_at")
FROM "purchases" p
JOIN "tractor_listings" l ON l."id" = p."listing_id"
LEFT JOIN "invoices" i ON i."purchase_id" = p."id"
WHERE p."total_cents" IS NOT NULL AND l."seller_user_id" IS NOT NULL AND p."price_cents" > 25000
ORDER BY p."created_at", p."id";--> statement-breakpoint
-- Backfill 3: payments and refunds as recorded, on their bank date.
INSERT INTO "purchase_ledger_entries" ("purchase_id", "kind", "amount_cents", "method", "reference", "paid_on", "at", "recorded_by")
SELECT "purchase_id", "kind", "amount_cents",
  CASE WHEN "method" IN ('wire', 'ach', 'check', 'other') THEN "method" ELSE 'other' END,
  "reference", "paid_on", "created_at", "recorded_by"
FROM "payments"
ORDER BY "created_at", "id";--> statement-breakpoint
-- Backfill 4: credit notes. No seller was ever told of a charge, so FieldLot bore them (decision 0035).
INSERT INTO "purchase_ledger_entries" ("purchase_id", "kind", "born_by", "reason", "claim_id", "amount_cents", "at")
SELECT "purchase_id", 'credit', 'fieldlot', "reason", "claim_id", "amount_cents", "issued_at"
FROM "credit_notes"
ORDER BY "issued_at", "id";--> statement-breakpoint
-- Backfill 5: a cancelled purchase reverses what stands of each charge line, the payable and the credits.
INSERT INTO "purchase_ledger_entries" ("purchase_id", "kind", "of", "reason", "amount_cents", "at")
SELECT r."purchase_id", 'reversal', r."of", r."reason", r."amount", r."at"
FROM (
  SELECT e."purchase_id",
    CASE e."kind" WHEN 'charge' THEN e."line" WHEN 'seller_payable' THEN 'seller_payable' ELSE 'credit_' || e."born_by" END AS "of",
    coalesce(nullif(p."cancel_reason", ''), 'Cancelled') AS "reason",
    sum(e."amount_cents") AS "amount",
    coalesce(p."cancelled_at", p."updated_at") AS "at"
  FROM "purchase_ledger_entries" e
  JOIN "purchases" p ON p."id" = e."purchase_id"
  WHERE p."status" = 'cancelled' AND e."kind" IN ('charge', 'seller_payable', 'credit')
  GROUP BY e."purchase_id", 2, p."cancel_reason", p."cancelled_at", p."updated_at"
) r
ORDER BY r."purchase_id",
  array_position(ARRAY['price', 'buyer_fee', 'delivery', 'seller_payable', 'credit_fieldlot', 'credit_seller'], r."of");--> statement-breakpoint
-- Records: the database refuses to change or delete an entry; a correction is a new entry.
CREATE TRIGGER purchase_ledger_entries_immutable BEFORE UPDATE OR DELETE ON "purchase_ledger_entries" FOR EACH ROW EXECUTE FUNCTION purchase_records_immutable();--> statement-breakpoint
ALTER TABLE "purchases" DROP COLUMN "credited_cents";--> statement-breakpoint
ALTER TABLE "purchases" DROP COLUMN "paid_cents";--> statement-breakpoint
ALTER TABLE "purchases" DROP COLUMN "refunded_cents";--> statement-breakpoint
ALTER TABLE "purchases" ADD CONSTRAINT "purchases_money_check" CHECK ("purchases"."price_cents" >= 0 and "purchases"."buyer_fee_cents" >= 0);