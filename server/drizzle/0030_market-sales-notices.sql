-- FieldLot Value's fitted model is kept in memory (decision 0051): the database announces every statement that
-- adds or removes market sales (sales are insert-only; only demo rows are ever deleted) on the events channel,
-- whichever instance or code path wrote them, and every instance drops its fitted model on hearing it.
CREATE OR REPLACE FUNCTION fieldlot_market_sales_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('fieldlot_events', '{"type":"market.sales_changed","audience":[],"data":{}}');
  RETURN NULL;
END;
$$;--> statement-breakpoint
CREATE TRIGGER "market_sales_changed_notify" AFTER INSERT OR DELETE OR TRUNCATE ON "market_sales" FOR EACH STATEMENT EXECUTE FUNCTION fieldlot_market_sales_changed();
