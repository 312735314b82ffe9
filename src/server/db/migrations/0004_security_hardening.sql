CREATE TABLE "email_verification_tokens" (
	"token_hash" text PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"used_at" timestamp with time zone
);
--> statement-breakpoint
DROP INDEX "downloads_user_id_logo_url_idx";--> statement-breakpoint
DROP INDEX "downloads_guest_key_hash_logo_url_idx";--> statement-breakpoint
ALTER TABLE "login_failures" ADD COLUMN "last_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "email_verified_at" timestamp with time zone;--> statement-breakpoint
-- Accounts created or linked through Google sign-in have an email that Google verified.
UPDATE "users" SET "email_verified_at" = "created_at" WHERE "google_sub" IS NOT NULL;--> statement-breakpoint
-- History becomes one row per logo and owner: keep the latest download of each.
DELETE FROM "downloads" d USING "downloads" newer
  WHERE d."logo_url" = newer."logo_url"
    AND (d."user_id" = newer."user_id" OR d."guest_key_hash" = newer."guest_key_hash")
    AND (d."downloaded_at", d."id") < (newer."downloaded_at", newer."id");--> statement-breakpoint
ALTER TABLE "email_verification_tokens" ADD CONSTRAINT "email_verification_tokens_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "email_verification_tokens_user_id_idx" ON "email_verification_tokens" USING btree ("user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "downloads_user_id_logo_url_unique" ON "downloads" USING btree ("user_id","logo_url");--> statement-breakpoint
CREATE UNIQUE INDEX "downloads_guest_key_hash_logo_url_unique" ON "downloads" USING btree ("guest_key_hash","logo_url");