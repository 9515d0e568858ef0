ALTER TABLE "inspection_revisions" ADD COLUMN "hours_corrected_from" integer;--> statement-breakpoint
ALTER TABLE "tractor_listings" ADD COLUMN "hours_corrected_from" integer;