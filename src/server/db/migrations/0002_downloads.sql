CREATE TABLE "downloads" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "downloads_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"user_id" integer,
	"guest_key_hash" text,
	"logo_url" text NOT NULL,
	"logo_title" text NOT NULL,
	"file_type" text,
	"kind" text DEFAULT 'single' NOT NULL,
	"counted" boolean DEFAULT true NOT NULL,
	"downloaded_at" timestamp with time zone NOT NULL,
	CONSTRAINT "downloads_one_owner" CHECK (num_nonnulls("downloads"."user_id", "downloads"."guest_key_hash") = 1)
);
--> statement-breakpoint
CREATE TABLE "guest_quotas" (
	"key_hash" text PRIMARY KEY NOT NULL,
	"download_count" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"expires_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "download_period_start" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "downloads" ADD CONSTRAINT "downloads_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "downloads" ADD CONSTRAINT "downloads_guest_key_hash_guest_quotas_key_hash_fk" FOREIGN KEY ("guest_key_hash") REFERENCES "public"."guest_quotas"("key_hash") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "downloads_user_id_downloaded_at_idx" ON "downloads" USING btree ("user_id","downloaded_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "downloads_user_id_logo_url_idx" ON "downloads" USING btree ("user_id","logo_url");--> statement-breakpoint
CREATE INDEX "downloads_guest_key_hash_logo_url_idx" ON "downloads" USING btree ("guest_key_hash","logo_url");--> statement-breakpoint
CREATE INDEX "guest_quotas_expires_at_idx" ON "guest_quotas" USING btree ("expires_at");