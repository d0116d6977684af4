ALTER TABLE "conversation_members" ADD COLUMN "unread_count" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
-- Existing conversations start from what the old query counted: the other member's live messages after the read position.
UPDATE "conversation_members" AS "me" SET "unread_count" = (
  SELECT count(*) FROM "messages" AS "m"
  WHERE "m"."conversation_id" = "me"."conversation_id" AND "m"."sender_id" <> "me"."user_id"
    AND "m"."seq" > "me"."last_read_seq" AND "m"."deleted_at" IS NULL
);
