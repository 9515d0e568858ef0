-- Record tables refuse TRUNCATE as well: their row triggers refuse UPDATE and DELETE, but TRUNCATE fires no row
-- trigger and would empty them in one statement (the audit log has refused it since 0001). The tables and why each
-- keeps its rows: server/src/db/record-tables.ts, whose test fails on a table without its guards.
CREATE FUNCTION record_tables_refuse_truncate() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION '% keeps records: TRUNCATE is refused', TG_TABLE_NAME;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER "inspection_revisions_no_truncate" BEFORE TRUNCATE ON "inspection_revisions" FOR EACH STATEMENT EXECUTE FUNCTION record_tables_refuse_truncate();
--> statement-breakpoint
CREATE TRIGGER "purchases_no_truncate" BEFORE TRUNCATE ON "purchases" FOR EACH STATEMENT EXECUTE FUNCTION record_tables_refuse_truncate();
--> statement-breakpoint
CREATE TRIGGER "purchase_claims_no_truncate" BEFORE TRUNCATE ON "purchase_claims" FOR EACH STATEMENT EXECUTE FUNCTION record_tables_refuse_truncate();
--> statement-breakpoint
CREATE TRIGGER "purchase_events_no_truncate" BEFORE TRUNCATE ON "purchase_events" FOR EACH STATEMENT EXECUTE FUNCTION record_tables_refuse_truncate();
--> statement-breakpoint
CREATE TRIGGER "invoices_no_truncate" BEFORE TRUNCATE ON "invoices" FOR EACH STATEMENT EXECUTE FUNCTION record_tables_refuse_truncate();
--> statement-breakpoint
CREATE TRIGGER "credit_notes_no_truncate" BEFORE TRUNCATE ON "credit_notes" FOR EACH STATEMENT EXECUTE FUNCTION record_tables_refuse_truncate();
--> statement-breakpoint
CREATE TRIGGER "payments_no_truncate" BEFORE TRUNCATE ON "payments" FOR EACH STATEMENT EXECUTE FUNCTION record_tables_refuse_truncate();
--> statement-breakpoint
CREATE TRIGGER "purchase_ledger_entries_no_truncate" BEFORE TRUNCATE ON "purchase_ledger_entries" FOR EACH STATEMENT EXECUTE FUNCTION record_tables_refuse_truncate();
--> statement-breakpoint
CREATE TRIGGER "market_sales_no_truncate" BEFORE TRUNCATE ON "market_sales" FOR EACH STATEMENT EXECUTE FUNCTION record_tables_refuse_truncate();
--> statement-breakpoint
CREATE TRIGGER "inquiry_offers_no_truncate" BEFORE TRUNCATE ON "inquiry_offers" FOR EACH STATEMENT EXECUTE FUNCTION record_tables_refuse_truncate();
--> statement-breakpoint
CREATE TRIGGER "inquiry_photos_no_truncate" BEFORE TRUNCATE ON "inquiry_photos" FOR EACH STATEMENT EXECUTE FUNCTION record_tables_refuse_truncate();
