CREATE TABLE "favourites" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "favourites_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"user_id" integer NOT NULL,
	"logo_url" text NOT NULL,
	"logo" jsonb NOT NULL,
	"created_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "favourites" ADD CONSTRAINT "favourites_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "favourites_user_id_logo_url_unique" ON "favourites" USING btree ("user_id","logo_url");--> statement-breakpoint
CREATE INDEX "favourites_user_id_created_at_idx" ON "favourites" USING btree ("user_id","created_at" DESC NULLS LAST,"id" DESC NULLS LAST);