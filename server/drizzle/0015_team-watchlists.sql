-- Watchlists belong to the dealership (docs/product/dealer-tools.md#watchlist, decision 0021 amended):
-- one watchlist per dealership, one item per (dealership, tractor); user_id stays the member who added it. An
-- admin's watches have no dealership and stay theirs alone (one per (user, tractor)).
ALTER TABLE "watchlist_items" ADD COLUMN "dealership_id" uuid REFERENCES "dealerships"("id") ON DELETE restrict;
--> statement-breakpoint
-- A dealer approved after 0012 who watches tractors but never needed a dealership gets their one-person
-- dealership now (what currentMembership would do on first need), so their watches move with them.
INSERT INTO "dealerships" ("name", "owner_user_id", "created_at")
SELECT u."company_name", u."id", u."created_at" FROM "users" u
WHERE u."status" = 'approved'
	AND EXISTS (SELECT 1 FROM "watchlist_items" w WHERE w."user_id" = u."id")
	AND NOT EXISTS (SELECT 1 FROM "dealership_members" m WHERE m."user_id" = u."id")
ON CONFLICT DO NOTHING;
--> statement-breakpoint
INSERT INTO "dealership_members" ("user_id", "dealership_id", "role", "created_at")
SELECT d."owner_user_id", d."id", 'owner', d."created_at" FROM "dealerships" d
WHERE NOT EXISTS (SELECT 1 FROM "dealership_members" m WHERE m."user_id" = d."owner_user_id");
--> statement-breakpoint
UPDATE "watchlist_items" w SET "dealership_id" = m."dealership_id"
FROM "dealership_members" m WHERE m."user_id" = w."user_id";
--> statement-breakpoint
-- Two members who watched the same tractor become one item: the first watch stays (its member and price).
DELETE FROM "watchlist_items" w USING "watchlist_items" k
WHERE w."dealership_id" = k."dealership_id" AND w."listing_id" = k."listing_id"
	AND (k."created_at", k."user_id") < (w."created_at", w."user_id");
--> statement-breakpoint
ALTER TABLE "watchlist_items" DROP CONSTRAINT "watchlist_items_pk";
--> statement-breakpoint
CREATE UNIQUE INDEX "watchlist_items_dealership_listing_key" ON "watchlist_items" USING btree ("dealership_id","listing_id");
--> statement-breakpoint
CREATE UNIQUE INDEX "watchlist_items_own_listing_key" ON "watchlist_items" USING btree ("user_id","listing_id") WHERE "watchlist_items"."dealership_id" is null;
