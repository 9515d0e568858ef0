-- Records are permanent (decision 0010). Offers (and with them purchases, which are accepted offers) can no
-- longer be taken away by deleting a listing or a user: the database refuses instead of cascading.
ALTER TABLE "tractor_offers" DROP CONSTRAINT "tractor_offers_listing_id_tractor_listings_id_fk";--> statement-breakpoint
ALTER TABLE "tractor_offers" ADD CONSTRAINT "tractor_offers_listing_id_tractor_listings_id_fk" FOREIGN KEY ("listing_id") REFERENCES "public"."tractor_listings"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tractor_offers" DROP CONSTRAINT "tractor_offers_buyer_user_id_users_id_fk";--> statement-breakpoint
ALTER TABLE "tractor_offers" ADD CONSTRAINT "tractor_offers_buyer_user_id_users_id_fk" FOREIGN KEY ("buyer_user_id") REFERENCES "public"."users"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tractor_offers" DROP CONSTRAINT "tractor_offers_seller_user_id_users_id_fk";--> statement-breakpoint
ALTER TABLE "tractor_offers" ADD CONSTRAINT "tractor_offers_seller_user_id_users_id_fk" FOREIGN KEY ("seller_user_id") REFERENCES "public"."users"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
-- Archived listings: kept with their offers, never in the inventory (an archived listing is never active).
ALTER TABLE "tractor_listings" ADD COLUMN "archived_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "tractor_listings" ADD CONSTRAINT "tractor_listings_archived_check" CHECK ("tractor_listings"."archived_at" is null or "tractor_listings"."status" <> 'active');--> statement-breakpoint
-- "replaced": a dealer's new offer on the same tractor ends the open one.
ALTER TABLE "tractor_offers" DROP CONSTRAINT "tractor_offers_status_check";--> statement-breakpoint
ALTER TABLE "tractor_offers" ADD CONSTRAINT "tractor_offers_status_check" CHECK ("tractor_offers"."status" in ('pending','countered','accepted','rejected','withdrawn','replaced'));--> statement-breakpoint
-- Before the guard: of several open offers of one dealer on one tractor, only the newest stays open.
UPDATE "tractor_offers" o SET "status" = 'replaced', "updated_at" = now()
WHERE o."status" in ('pending','countered')
  AND EXISTS (
    SELECT 1 FROM "tractor_offers" n
    WHERE n."listing_id" = o."listing_id" AND n."buyer_user_id" = o."buyer_user_id"
      AND n."status" in ('pending','countered')
      AND (n."created_at", n."id") > (o."created_at", o."id")
  );--> statement-breakpoint
CREATE UNIQUE INDEX "tractor_offers_one_open_key" ON "tractor_offers" USING btree ("listing_id","buyer_user_id") WHERE "tractor_offers"."status" in ('pending','countered');
