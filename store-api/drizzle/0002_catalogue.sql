CREATE TABLE "categories" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"slug" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "image_files" (
	"media_id" integer NOT NULL,
	"size" text NOT NULL,
	"file_name" text NOT NULL,
	"content_type" text NOT NULL,
	"width" integer NOT NULL,
	"height" integer NOT NULL,
	"bytes" integer NOT NULL,
	CONSTRAINT "image_files_media_id_size_pk" PRIMARY KEY("media_id","size"),
	CONSTRAINT "image_files_size_check" CHECK ("image_files"."size" in ('tiny', 'small', 'medium', 'large', 'huge'))
);
--> statement-breakpoint
CREATE TABLE "jobs" (
	"id" serial PRIMARY KEY NOT NULL,
	"kind" text NOT NULL,
	"batch" text NOT NULL,
	"payload" jsonb NOT NULL,
	"state" text DEFAULT 'pending' NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"error" text,
	"run_after" timestamp with time zone DEFAULT now() NOT NULL,
	"locked_until" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"finished_at" timestamp with time zone,
	CONSTRAINT "jobs_state_check" CHECK ("jobs"."state" in ('pending', 'done', 'failed'))
);
--> statement-breakpoint
CREATE TABLE "product_categories" (
	"product_id" integer NOT NULL,
	"category_id" integer NOT NULL,
	"position" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "product_categories_product_id_category_id_pk" PRIMARY KEY("product_id","category_id")
);
--> statement-breakpoint
CREATE TABLE "product_extras" (
	"id" serial PRIMARY KEY NOT NULL,
	"key" text NOT NULL,
	"product_id" integer NOT NULL,
	"metadata" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"quantity" integer DEFAULT -1 NOT NULL,
	"surcharge" bigint DEFAULT 0 NOT NULL,
	"cost" bigint DEFAULT 0 NOT NULL,
	"weight" double precision DEFAULT 0 NOT NULL,
	"order" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "product_extras_quantity_check" CHECK ("product_extras"."quantity" >= -1)
);
--> statement-breakpoint
CREATE TABLE "product_media" (
	"id" serial PRIMARY KEY NOT NULL,
	"product_id" integer NOT NULL,
	"kind" text NOT NULL,
	"key" text NOT NULL,
	"order" integer NOT NULL,
	"ready" boolean DEFAULT true NOT NULL,
	"video_type" text,
	"video_url" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "product_media_kind_check" CHECK ("product_media"."kind" in ('image', 'video')),
	CONSTRAINT "product_media_video_check" CHECK ("product_media"."kind" = 'image' or ("product_media"."video_type" in ('youtube', 'vimeo') and "product_media"."video_url" is not null))
);
--> statement-breakpoint
CREATE TABLE "product_options" (
	"id" serial PRIMARY KEY NOT NULL,
	"key" text NOT NULL,
	"product_id" integer NOT NULL,
	"is_default" boolean DEFAULT false NOT NULL,
	"metadata" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"quantity" integer DEFAULT -1 NOT NULL,
	"surcharge" bigint DEFAULT 0 NOT NULL,
	"cost" bigint DEFAULT 0 NOT NULL,
	"weight" double precision DEFAULT 0 NOT NULL,
	"sku" text DEFAULT '' NOT NULL,
	"fetch_sku" text DEFAULT '' NOT NULL,
	"order" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "product_options_quantity_check" CHECK ("product_options"."quantity" >= -1)
);
--> statement-breakpoint
CREATE TABLE "products" (
	"id" serial PRIMARY KEY NOT NULL,
	"key" text NOT NULL,
	"slug" text NOT NULL,
	"name" text NOT NULL,
	"name_short" text DEFAULT '' NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"description_short" text DEFAULT '' NOT NULL,
	"type" text DEFAULT 'physical' NOT NULL,
	"status" text DEFAULT 'available' NOT NULL,
	"price" bigint DEFAULT 0 NOT NULL,
	"sale_price" bigint,
	"cost" bigint DEFAULT 0 NOT NULL,
	"weight" double precision DEFAULT 0 NOT NULL,
	"order" integer DEFAULT 1 NOT NULL,
	"option_style" text DEFAULT 'single' NOT NULL,
	"form" jsonb,
	"metadata" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"shipping_group_id" integer,
	"tax_group_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "products_type_check" CHECK ("products"."type" in ('physical', 'digital')),
	CONSTRAINT "products_status_check" CHECK ("products"."status" in ('available', 'on sale', 'hidden', 'sold out', 'coming soon')),
	CONSTRAINT "products_option_style_check" CHECK ("products"."option_style" in ('single', 'separate'))
);
--> statement-breakpoint
ALTER TABLE "image_files" ADD CONSTRAINT "image_files_media_id_product_media_id_fk" FOREIGN KEY ("media_id") REFERENCES "public"."product_media"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "product_categories" ADD CONSTRAINT "product_categories_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "product_categories" ADD CONSTRAINT "product_categories_category_id_categories_id_fk" FOREIGN KEY ("category_id") REFERENCES "public"."categories"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "product_extras" ADD CONSTRAINT "product_extras_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "product_media" ADD CONSTRAINT "product_media_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "product_options" ADD CONSTRAINT "product_options_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "categories_slug_key" ON "categories" USING btree ("slug");--> statement-breakpoint
CREATE UNIQUE INDEX "categories_name_lower_key" ON "categories" USING btree (lower("name"));--> statement-breakpoint
CREATE UNIQUE INDEX "image_files_file_name_key" ON "image_files" USING btree ("file_name");--> statement-breakpoint
CREATE INDEX "jobs_pending_idx" ON "jobs" USING btree ("run_after") WHERE "jobs"."state" = 'pending';--> statement-breakpoint
CREATE INDEX "jobs_batch_idx" ON "jobs" USING btree ("batch");--> statement-breakpoint
CREATE INDEX "product_categories_category_idx" ON "product_categories" USING btree ("category_id");--> statement-breakpoint
CREATE UNIQUE INDEX "product_extras_key_key" ON "product_extras" USING btree ("key");--> statement-breakpoint
CREATE INDEX "product_extras_product_idx" ON "product_extras" USING btree ("product_id","order");--> statement-breakpoint
CREATE UNIQUE INDEX "product_media_key_key" ON "product_media" USING btree ("product_id","kind","key");--> statement-breakpoint
CREATE INDEX "product_media_order_idx" ON "product_media" USING btree ("product_id","order");--> statement-breakpoint
CREATE UNIQUE INDEX "product_options_key_key" ON "product_options" USING btree ("key");--> statement-breakpoint
CREATE INDEX "product_options_product_idx" ON "product_options" USING btree ("product_id","order");--> statement-breakpoint
CREATE UNIQUE INDEX "product_options_one_default" ON "product_options" USING btree ("product_id") WHERE "product_options"."is_default";--> statement-breakpoint
CREATE UNIQUE INDEX "products_key_key" ON "products" USING btree ("key");--> statement-breakpoint
CREATE UNIQUE INDEX "products_slug_key" ON "products" USING btree ("slug");--> statement-breakpoint
CREATE INDEX "products_list_order_idx" ON "products" USING btree ("order","created_at" DESC NULLS LAST,"id" DESC NULLS LAST);