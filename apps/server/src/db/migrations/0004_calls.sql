CREATE TABLE "calls" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"caller_id" uuid NOT NULL,
	"model_id" uuid NOT NULL,
	"status" text NOT NULL,
	"rate" integer NOT NULL,
	"call_sid" text,
	"model_call_sid" text,
	"created_at" timestamp with time zone NOT NULL,
	"connected_at" timestamp with time zone,
	"ended_at" timestamp with time zone,
	"end_reason" text,
	"minutes_charged" integer DEFAULT 0 NOT NULL,
	"tokens_charged" integer DEFAULT 0 NOT NULL,
	"next_charge_at" timestamp with time zone,
	"caller_away_since" timestamp with time zone,
	"model_away_since" timestamp with time zone,
	CONSTRAINT "calls_not_self" CHECK ("calls"."caller_id" <> "calls"."model_id"),
	CONSTRAINT "calls_charged_not_negative" CHECK ("calls"."minutes_charged" >= 0 and "calls"."tokens_charged" >= 0)
);
--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "phone_number" text;--> statement-breakpoint
ALTER TABLE "calls" ADD CONSTRAINT "calls_caller_id_users_id_fk" FOREIGN KEY ("caller_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "calls" ADD CONSTRAINT "calls_model_id_users_id_fk" FOREIGN KEY ("model_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "calls_one_live_per_model" ON "calls" USING btree ("model_id") WHERE status in ('initiated', 'ringing', 'connected');--> statement-breakpoint
CREATE UNIQUE INDEX "calls_one_live_per_caller" ON "calls" USING btree ("caller_id") WHERE status in ('initiated', 'ringing', 'connected');--> statement-breakpoint
CREATE INDEX "calls_due_idx" ON "calls" USING btree ("next_charge_at") WHERE status = 'connected';--> statement-breakpoint
CREATE INDEX "calls_live_idx" ON "calls" USING btree ("status","created_at") WHERE status in ('initiated', 'ringing', 'connected');--> statement-breakpoint
CREATE INDEX "calls_caller_idx" ON "calls" USING btree ("caller_id","created_at");--> statement-breakpoint
CREATE INDEX "calls_model_idx" ON "calls" USING btree ("model_id","created_at");