-- The inventory's change notice (migration 0016, docs/product/listings.md#inventory-cache) is sent only by a
-- statement that changed at least one row (decision 0048): an UPDATE or DELETE whose WHERE matched nothing no
-- longer empties every instance's cache. Statement-level triggers with transition tables, one per event (a
-- trigger with transition tables takes one event); TRUNCATE has no rows to look at and always announces.
CREATE OR REPLACE FUNCTION fieldlot_inventory_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    PERFORM 1 FROM fieldlot_new_rows LIMIT 1;
  ELSIF TG_OP = 'UPDATE' OR TG_OP = 'DELETE' THEN
    PERFORM 1 FROM fieldlot_old_rows LIMIT 1;
  END IF;
  IF TG_OP = 'TRUNCATE' OR FOUND THEN
    PERFORM pg_notify('fieldlot_events', '{"type":"inventory.changed","audience":[],"data":{}}');
  END IF;
  RETURN NULL;
END;
$$;--> statement-breakpoint
DROP TRIGGER "tractor_listings_inventory_notify" ON "tractor_listings";--> statement-breakpoint
DROP TRIGGER "tractor_images_inventory_notify" ON "tractor_images";--> statement-breakpoint
CREATE TRIGGER "tractor_listings_inventory_insert" AFTER INSERT ON "tractor_listings" REFERENCING NEW TABLE AS fieldlot_new_rows FOR EACH STATEMENT EXECUTE FUNCTION fieldlot_inventory_changed();--> statement-breakpoint
CREATE TRIGGER "tractor_listings_inventory_update" AFTER UPDATE ON "tractor_listings" REFERENCING OLD TABLE AS fieldlot_old_rows FOR EACH STATEMENT EXECUTE FUNCTION fieldlot_inventory_changed();--> statement-breakpoint
CREATE TRIGGER "tractor_listings_inventory_delete" AFTER DELETE ON "tractor_listings" REFERENCING OLD TABLE AS fieldlot_old_rows FOR EACH STATEMENT EXECUTE FUNCTION fieldlot_inventory_changed();--> statement-breakpoint
CREATE TRIGGER "tractor_listings_inventory_truncate" AFTER TRUNCATE ON "tractor_listings" FOR EACH STATEMENT EXECUTE FUNCTION fieldlot_inventory_changed();--> statement-breakpoint
CREATE TRIGGER "tractor_images_inventory_insert" AFTER INSERT ON "tractor_images" REFERENCING NEW TABLE AS fieldlot_new_rows FOR EACH STATEMENT EXECUTE FUNCTION fieldlot_inventory_changed();--> statement-breakpoint
CREATE TRIGGER "tractor_images_inventory_update" AFTER UPDATE ON "tractor_images" REFERENCING OLD TABLE AS fieldlot_old_rows FOR EACH STATEMENT EXECUTE FUNCTION fieldlot_inventory_changed();--> statement-breakpoint
CREATE TRIGGER "tractor_images_inventory_delete" AFTER DELETE ON "tractor_images" REFERENCING OLD TABLE AS fieldlot_old_rows FOR EACH STATEMENT EXECUTE FUNCTION fieldlot_inventory_changed();--> statement-breakpoint
CREATE TRIGGER "tractor_images_inventory_truncate" AFTER TRUNCATE ON "tractor_images" FOR EACH STATEMENT EXECUTE FUNCTION fieldlot_inventory_changed();
