CREATE TABLE "official_logos" (
	"name" text PRIMARY KEY NOT NULL,
	"logos" jsonb NOT NULL,
	"fetched_at" timestamp with time zone NOT NULL,
	"expires_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE INDEX "official_logos_expires_idx" ON "official_logos" USING btree ("expires_at");