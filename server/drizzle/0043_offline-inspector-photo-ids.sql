ALTER TABLE "inspection_photos" ADD COLUMN "client_id" uuid;--> statement-breakpoint
ALTER TABLE "inspection_photos" ADD COLUMN "sha256" text;--> statement-breakpoint
ALTER TABLE "inspection_revisions" ADD COLUMN "submission_id" uuid;--> statement-breakpoint
CREATE UNIQUE INDEX "inspection_photos_client_id_key" ON "inspection_photos" USING btree ("client_id");--> statement-breakpoint
CREATE UNIQUE INDEX "inspection_revisions_submission_key" ON "inspection_revisions" USING btree ("submission_id");