ALTER TABLE "sell_items" ADD COLUMN "hidden_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "sell_items" ADD COLUMN "hidden_reason" text;--> statement-breakpoint
ALTER TABLE "sell_items" ADD CONSTRAINT "sell_items_hidden_with_reason" CHECK (("sell_items"."hidden_at" is null) = ("sell_items"."hidden_reason" is null));