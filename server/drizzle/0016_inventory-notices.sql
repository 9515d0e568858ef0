-- The first inventory pages are cached in every instance (docs/product/listings.md#inventory-cache, decision 0023):
-- the database announces every write to listings and their images on the events channel, whichever instance or
-- code path made it, and each instance empties its cache on hearing it. One notice per statement; PostgreSQL
-- folds identical notices of one transaction into one, delivered at commit (none on rollback).
CREATE OR REPLACE FUNCTION fieldlot_inventory_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('fieldlot_events', '{"type":"inventory.changed","audience":[],"data":{}}');
  RETURN NULL;
END;
$$;--> statement-breakpoint
CREATE TRIGGER "tractor_listings_inventory_notify" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "tractor_listings" FOR EACH STATEMENT EXECUTE FUNCTION fieldlot_inventory_changed();--> statement-breakpoint
CREATE TRIGGER "tractor_images_inventory_notify" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "tractor_images" FOR EACH STATEMENT EXECUTE FUNCTION fieldlot_inventory_changed();
