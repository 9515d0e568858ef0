-- The inventory's change notice (migration 0016, docs/product/listings.md#inventory-cache) is sent only by a
-- statement that can change what an inventory page shows (decision 0048): an UPDATE or DELETE whose WHERE matched
-- nothing no longer empties every instance's cache, nor does a write to listings that were not and are not active
-- (pages, counts and the brand list show active listings only; the changed rows carry their status, so this is
-- exact). Any changed image row announces (its listing's status could be changing in another transaction).
-- Statement-level triggers with transition tables, one per event (a trigger with transition tables takes one
-- event); TRUNCATE has no rows to look at and always announces.
CREATE OR REPLACE FUNCTION fieldlot_inventory_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  -- Each branch names only its own table's columns (a statement is planned when first run).
  IF TG_OP = 'TRUNCATE' THEN
    NULL;
  ELSIF TG_TABLE_NAME <> 'tractor_listings' THEN
    IF TG_OP = 'INSERT' THEN
      PERFORM 1 FROM fieldlot_new_rows LIMIT 1;
    ELSE
      PERFORM 1 FROM fieldlot_old_rows LIMIT 1;
    END IF;
  ELSIF TG_OP = 'INSERT' THEN
    PERFORM 1 FROM fieldlot_new_rows n WHERE n.status = 'active' LIMIT 1;
  ELSIF TG_OP = 'DELETE' THEN
    PERFORM 1 FROM fieldlot_old_rows o WHERE o.status = 'active' LIMIT 1;
  ELSE
    PERFORM 1 FROM (
      SELECT 1 FROM fieldlot_old_rows o WHERE o.status = 'active'
      UNION ALL
      SELECT 1 FROM fieldlot_new_rows n WHERE n.status = 'active'
    ) changed LIMIT 1;
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
CREATE TRIGGER "tractor_listings_inventory_update" AFTER UPDATE ON "tractor_listings" REFERENCING OLD TABLE AS fieldlot_old_rows NEW TABLE AS fieldlot_new_rows FOR EACH STATEMENT EXECUTE FUNCTION fieldlot_inventory_changed();--> statement-breakpoint
CREATE TRIGGER "tractor_listings_inventory_delete" AFTER DELETE ON "tractor_listings" REFERENCING OLD TABLE AS fieldlot_old_rows FOR EACH STATEMENT EXECUTE FUNCTION fieldlot_inventory_changed();--> statement-breakpoint
CREATE TRIGGER "tractor_listings_inventory_truncate" AFTER TRUNCATE ON "tractor_listings" FOR EACH STATEMENT EXECUTE FUNCTION fieldlot_inventory_changed();--> statement-breakpoint
CREATE TRIGGER "tractor_images_inventory_insert" AFTER INSERT ON "tractor_images" REFERENCING NEW TABLE AS fieldlot_new_rows FOR EACH STATEMENT EXECUTE FUNCTION fieldlot_inventory_changed();--> statement-breakpoint
CREATE TRIGGER "tractor_images_inventory_update" AFTER UPDATE ON "tractor_images" REFERENCING OLD TABLE AS fieldlot_old_rows FOR EACH STATEMENT EXECUTE FUNCTION fieldlot_inventory_changed();--> statement-breakpoint
CREATE TRIGGER "tractor_images_inventory_delete" AFTER DELETE ON "tractor_images" REFERENCING OLD TABLE AS fieldlot_old_rows FOR EACH STATEMENT EXECUTE FUNCTION fieldlot_inventory_changed();--> statement-breakpoint
CREATE TRIGGER "tractor_images_inventory_truncate" AFTER TRUNCATE ON "tractor_images" FOR EACH STATEMENT EXECUTE FUNCTION fieldlot_inventory_changed();
