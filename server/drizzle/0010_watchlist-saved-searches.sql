-- Dealer tools (decision 0021): the watchlist, saved searches with their alert sends, recently viewed
-- tractors; each dealer's brand preferences become saved searches (one per brand).
CREATE TABLE "watchlist_items" (
	"user_id" uuid NOT NULL REFERENCES "users"("id") ON DELETE cascade,
	"listing_id" uuid NOT NULL REFERENCES "tractor_listings"("id") ON DELETE cascade,
	"price_at_watch_cents" bigint NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "watchlist_items_pk" PRIMARY KEY("user_id","listing_id")
);
--> statement-breakpoint
CREATE INDEX "watchlist_items_listing_idx" ON "watchlist_items" USING btree ("listing_id");
--> statement-breakpoint
CREATE TABLE "saved_searches" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL REFERENCES "users"("id") ON DELETE cascade,
	"name" text NOT NULL,
	"filters" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"alert" text DEFAULT 'off' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "saved_searches_alert_check" CHECK ("saved_searches"."alert" in ('instant','daily','off')),
	CONSTRAINT "saved_searches_name_check" CHECK (length("saved_searches"."name") between 1 and 80)
);
--> statement-breakpoint
CREATE UNIQUE INDEX "saved_searches_user_name_key" ON "saved_searches" USING btree ("user_id",lower("name"));
--> statement-breakpoint
CREATE INDEX "saved_searches_alert_idx" ON "saved_searches" USING btree ("alert");
--> statement-breakpoint
CREATE TABLE "saved_search_sends" (
	"search_id" uuid NOT NULL REFERENCES "saved_searches"("id") ON DELETE cascade,
	"listing_id" uuid NOT NULL REFERENCES "tractor_listings"("id") ON DELETE cascade,
	"sent_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "saved_search_sends_pk" PRIMARY KEY("search_id","listing_id")
);
--> statement-breakpoint
CREATE TABLE "recent_views" (
	"user_id" uuid NOT NULL REFERENCES "users"("id") ON DELETE cascade,
	"listing_id" uuid NOT NULL REFERENCES "tractor_listings"("id") ON DELETE cascade,
	"viewed_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "recent_views_pk" PRIMARY KEY("user_id","listing_id")
);
--> statement-breakpoint
CREATE INDEX "recent_views_user_idx" ON "recent_views" USING btree ("user_id","viewed_at" DESC);
--> statement-breakpoint
-- A brand is a search: one saved search per preferred brand, named after it, alerting in the daily e-mail when the
-- dealer had listing e-mails on (off otherwise). Names are unique per dealer whatever the case.
INSERT INTO "saved_searches" ("user_id", "name", "filters", "alert", "created_at", "updated_at")
SELECT DISTINCT ON (p."user_id", lower(p."brand_name"))
	p."user_id", left(p."brand_name", 80), jsonb_build_object('brand', p."brand_name"),
	CASE WHEN u."email_notifications" THEN 'daily' ELSE 'off' END, p."created_at", p."created_at"
FROM "user_brand_preferences" p JOIN "users" u ON u."id" = p."user_id"
ORDER BY p."user_id", lower(p."brand_name"), p."created_at", p."brand_name" COLLATE "C";
