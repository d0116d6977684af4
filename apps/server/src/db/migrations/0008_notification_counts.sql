CREATE TABLE "notification_counts" (
	"user_id" uuid PRIMARY KEY NOT NULL,
	"unread" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "notification_counts_not_negative" CHECK ("notification_counts"."unread" >= 0)
);
--> statement-breakpoint
ALTER TABLE "notification_counts" ADD CONSTRAINT "notification_counts_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
-- The advisory lock that guarded this before allowed no second unread message notification per conversation; should
-- one exist anyway, the older ones are marked read so the index below can hold.
UPDATE "notifications" AS "n" SET "read" = true
WHERE "n"."type" = 'message' AND NOT "n"."read" AND EXISTS (
  SELECT 1 FROM "notifications" AS "newer"
  WHERE "newer"."user_id" = "n"."user_id" AND "newer"."type" = 'message' AND NOT "newer"."read" AND "newer"."link" = "n"."link"
    AND ("newer"."created_at", "newer"."id") > ("n"."created_at", "n"."id")
);--> statement-breakpoint
CREATE UNIQUE INDEX "notifications_unread_message_once" ON "notifications" USING btree ("user_id","link") WHERE "notifications"."type" = 'message' and not "notifications"."read";--> statement-breakpoint
-- Every member starts from what is unread now.
INSERT INTO "notification_counts" ("user_id", "unread")
SELECT "user_id", count(*)::integer FROM "notifications" WHERE NOT "read" GROUP BY "user_id";
