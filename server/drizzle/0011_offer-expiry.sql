-- Offers that expire (docs/product/dealer-tools.md#offers-that-expire, decision 0022): an offer carries the
-- moment it expires (set by the service from OFFER_TTL_HOURS, reset by a counter); the scheduled sweep moves open
-- offers past it to the new status 'expired'. The default (48 hours, the default TTL) covers rows written
-- outside the service and gives offers open when this runs 48 hours from now, not from when they were made.
ALTER TABLE "tractor_offers" DROP CONSTRAINT "tractor_offers_status_check";
--> statement-breakpoint
ALTER TABLE "tractor_offers" ADD CONSTRAINT "tractor_offers_status_check" CHECK ("tractor_offers"."status" in ('pending','countered','accepted','rejected','withdrawn','replaced','expired'));
--> statement-breakpoint
ALTER TABLE "tractor_offers" ADD COLUMN "expires_at" timestamp with time zone DEFAULT (now() + interval '48 hours') NOT NULL;
--> statement-breakpoint
CREATE INDEX "tractor_offers_open_expires_idx" ON "tractor_offers" USING btree ("expires_at") WHERE "tractor_offers"."status" in ('pending','countered');
