-- Inventory cache (decision 0023): a state filter with condition, year, hours and price checks every
-- condition in the index and reads the heap only for the matches. At 1M listings the capped count of such a
-- search read 20,000
-- of a state's rows (50 ms); with this index it reads the ~700 that match (3 ms).
CREATE INDEX IF NOT EXISTS "tractor_listings_state_filters_idx" ON "tractor_listings" USING btree ("status", "location", "condition", "year", "hours", "price_cents");
