CREATE TABLE "purchase_money_commands" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"purchase_id" uuid NOT NULL,
	"request_key" text NOT NULL,
	"command" text NOT NULL,
	"fingerprint" text NOT NULL,
	"recorded_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "purchase_money_commands" ADD CONSTRAINT "purchase_money_commands_purchase_id_purchases_id_fk" FOREIGN KEY ("purchase_id") REFERENCES "public"."purchases"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "purchase_money_commands" ADD CONSTRAINT "purchase_money_commands_recorded_by_users_id_fk" FOREIGN KEY ("recorded_by") REFERENCES "public"."users"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "purchase_money_commands_request_key" ON "purchase_money_commands" USING btree ("purchase_id","request_key");--> statement-breakpoint
-- Records: a command once taken is never changed or forgotten, so its key can never book the money twice.
CREATE TRIGGER purchase_money_commands_immutable BEFORE UPDATE OR DELETE ON "purchase_money_commands" FOR EACH ROW EXECUTE FUNCTION purchase_records_immutable();
--> statement-breakpoint
CREATE TRIGGER purchase_money_commands_no_truncate BEFORE TRUNCATE ON "purchase_money_commands" FOR EACH STATEMENT EXECUTE FUNCTION record_tables_refuse_truncate();
