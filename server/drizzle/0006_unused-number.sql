-- Number 0006 was never used; this empty step keeps file numbers, journal indexes and drizzle-kit's next number aligned
-- (docs/decisions/0029-schema-and-migrations-cannot-drift.md). Databases past 0004 skip it; fresh ones run nothing.
SELECT 1;
