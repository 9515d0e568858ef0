-- One purchase per Timed Sale lot, held by the database (docs/product/timed-sale.md#the-close): the lot's win is one
-- offer whoever the buyer (its key names the lot), the purchase is one per offer (purchases_offer_key), and the
-- lot's offer, once set, never changes.
CREATE UNIQUE INDEX "tractor_offers_one_per_timed_sale_lot_key" ON "tractor_offers" USING btree ("idempotency_key") WHERE "tractor_offers"."idempotency_key" like 'timed-sale-lot-%';--> statement-breakpoint
CREATE OR REPLACE FUNCTION timed_sale_lots_never_reopen() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF OLD.status <> 'open' AND (NEW.status = 'open' OR NEW.closes_at <> OLD.closes_at
      OR NEW.price_cents IS DISTINCT FROM OLD.price_cents OR NEW.leader_user_id IS DISTINCT FROM OLD.leader_user_id) THEN
    RAISE EXCEPTION 'a closed lot never reopens';
  END IF;
  IF OLD.status IN ('sold','if_accepted','unsold') AND NEW.status <> OLD.status THEN
    RAISE EXCEPTION 'a lot''s final result never changes';
  END IF;
  IF OLD.offer_id IS NOT NULL AND NEW.offer_id IS DISTINCT FROM OLD.offer_id THEN
    RAISE EXCEPTION 'a lot''s sale never moves to another offer';
  END IF;
  RETURN NEW;
END $$;
