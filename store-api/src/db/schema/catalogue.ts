import { sql } from "drizzle-orm";
import {
  boolean,
  check,
  doublePrecision,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  serial,
  text,
  timestamp,
  uniqueIndex,
} from "drizzle-orm/pg-core";
import { createdAt, money } from "./columns.js";
import { shippingGroups } from "./shipping.js";
import { taxGroups } from "./tax.js";

/**
 * The catalogue (docs/contract.md#catalogue-and-settings): products, their
 * options and extras, categories, images and videos (one `order` sequence per
 * product), and the durable jobs of multiple image uploads. Money is integer
 * minor units of the store currency (`bigint` in number mode).
 */

/** A product form (docs/contract.md#catalogue-and-settings): a name and at least one field. */
export interface ProductForm {
  name: string;
  fields: { label: string; placeholder: string; type: "checkbox" | "paragraph" | "text" | "date"; required: boolean }[];
}

export const products = pgTable(
  "products",
  {
    id: serial("id").primaryKey(),
    /** Opaque, unguessable, never reused: the product's key in URLs. */
    key: text("key").notNull(),
    slug: text("slug").notNull(),
    name: text("name").notNull(),
    nameShort: text("name_short").notNull().default(""),
    description: text("description").notNull().default(""),
    descriptionShort: text("description_short").notNull().default(""),
    type: text("type").notNull().default("physical"),
    status: text("status").notNull().default("available"),
    price: money("price").notNull().default(0),
    /** Null when not on sale. */
    salePrice: money("sale_price"),
    cost: money("cost").notNull().default(0),
    weight: doublePrecision("weight").notNull().default(0),
    /** Position in the store's listing; gaps allowed (a delete leaves them). */
    order: integer("order").notNull().default(1),
    optionStyle: text("option_style").notNull().default("single"),
    form: jsonb("form").$type<ProductForm>(),
    metadata: jsonb("metadata").$type<Record<string, unknown>>().notNull().default({}),
    /** Null when none; deleting the group leaves the product without one. */
    shippingGroupId: integer("shipping_group_id").references(() => shippingGroups.id, { onDelete: "set null" }),
    taxGroupId: integer("tax_group_id").references(() => taxGroups.id, { onDelete: "set null" }),
    createdAt: createdAt(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex("products_key_key").on(t.key),
    uniqueIndex("products_slug_key").on(t.slug),
    // The list order: `order` ascending, then newest first.
    index("products_list_order_idx").on(t.order, t.createdAt.desc(), t.id.desc()),
    check("products_type_check", sql`${t.type} in ('physical', 'digital')`),
    check("products_status_check", sql`${t.status} in ('available', 'on sale', 'hidden', 'sold out', 'coming soon')`),
    check("products_option_style_check", sql`${t.optionStyle} in ('single', 'separate')`),
  ],
);

/**
 * A product's options. A product without options has exactly one default
 * option (`is_default`), holding its quantity, SKU and fetch_sku; real options
 * replace it, and emptying them brings a default back.
 */
export const productOptions = pgTable(
  "product_options",
  {
    id: serial("id").primaryKey(),
    key: text("key").notNull(),
    productId: integer("product_id")
      .notNull()
      .references(() => products.id, { onDelete: "cascade" }),
    isDefault: boolean("is_default").notNull().default(false),
    /** Column name → value (e.g. {"Color": "Red"}); on the default option, its hidden columns. */
    metadata: jsonb("metadata").$type<Record<string, unknown>>().notNull().default({}),
    /** -1 is unlimited. */
    quantity: integer("quantity").notNull().default(-1),
    surcharge: money("surcharge").notNull().default(0),
    cost: money("cost").notNull().default(0),
    weight: doublePrecision("weight").notNull().default(0),
    sku: text("sku").notNull().default(""),
    fetchSku: text("fetch_sku").notNull().default(""),
    order: integer("order").notNull().default(1),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex("product_options_key_key").on(t.key),
    index("product_options_product_idx").on(t.productId, t.order),
    uniqueIndex("product_options_one_default")
      .on(t.productId)
      .where(sql`${t.isDefault}`),
    check("product_options_quantity_check", sql`${t.quantity} >= -1`),
  ],
);

/** A product's extras: like options, without a default or fetch_sku. */
export const productExtras = pgTable(
  "product_extras",
  {
    id: serial("id").primaryKey(),
    key: text("key").notNull(),
    productId: integer("product_id")
      .notNull()
      .references(() => products.id, { onDelete: "cascade" }),
    metadata: jsonb("metadata").$type<Record<string, unknown>>().notNull().default({}),
    quantity: integer("quantity").notNull().default(-1),
    surcharge: money("surcharge").notNull().default(0),
    cost: money("cost").notNull().default(0),
    weight: doublePrecision("weight").notNull().default(0),
    order: integer("order").notNull().default(1),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex("product_extras_key_key").on(t.key),
    index("product_extras_product_idx").on(t.productId, t.order),
    check("product_extras_quantity_check", sql`${t.quantity} >= -1`),
  ],
);

export const categories = pgTable(
  "categories",
  {
    id: serial("id").primaryKey(),
    name: text("name").notNull(),
    slug: text("slug").notNull(),
    createdAt: createdAt(),
  },
  // Names are compared without case ("summer" is the category "Summer").
  (t) => [
    uniqueIndex("categories_slug_key").on(t.slug),
    uniqueIndex("categories_name_lower_key").on(sql`lower(${t.name})`),
  ],
);

export const productCategories = pgTable(
  "product_categories",
  {
    productId: integer("product_id")
      .notNull()
      .references(() => products.id, { onDelete: "cascade" }),
    categoryId: integer("category_id")
      .notNull()
      .references(() => categories.id, { onDelete: "cascade" }),
    /** Position of the category in the product's list. */
    position: integer("position").notNull().default(0),
  },
  (t) => [
    primaryKey({ columns: [t.productId, t.categoryId] }),
    // A category's products, listed in the products' order.
    index("product_categories_category_idx").on(t.categoryId),
  ],
);

/**
 * Images and videos of a product share one `order` sequence, 1..count
 * (`product_media`); each medium is an image or a video.
 */
export const productMedia = pgTable(
  "product_media",
  {
    id: serial("id").primaryKey(),
    productId: integer("product_id")
      .notNull()
      .references(() => products.id, { onDelete: "cascade" }),
    kind: text("kind").notNull(),
    /** The image's img_key (its file name's slug) or the video's id on its host. */
    key: text("key").notNull(),
    order: integer("order").notNull(),
    /** An image being imported by a job: not listed until ready. */
    ready: boolean("ready").notNull().default(true),
    /** Videos: youtube or vimeo, and the URL as given. */
    videoType: text("video_type"),
    videoUrl: text("video_url"),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex("product_media_key_key").on(t.productId, t.kind, t.key),
    index("product_media_order_idx").on(t.productId, t.order),
    check("product_media_kind_check", sql`${t.kind} in ('image', 'video')`),
    check(
      "product_media_video_check",
      sql`${t.kind} = 'image' or (${t.videoType} in ('youtube', 'vimeo') and ${t.videoUrl} is not null)`,
    ),
  ],
);

/** The five stored sizes of an image (tiny 64 … huge 2048 px by longest edge). */
export const imageFiles = pgTable(
  "image_files",
  {
    mediaId: integer("media_id")
      .notNull()
      .references(() => productMedia.id, { onDelete: "cascade" }),
    size: text("size").notNull(),
    /** The file's name under {base_url}/media/. */
    fileName: text("file_name").notNull(),
    contentType: text("content_type").notNull(),
    width: integer("width").notNull(),
    height: integer("height").notNull(),
    bytes: integer("bytes").notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.mediaId, t.size] }),
    uniqueIndex("image_files_file_name_key").on(t.fileName),
    check("image_files_size_check", sql`${t.size} in ('tiny', 'small', 'medium', 'large', 'huge')`),
  ],
);

/**
 * Durable background jobs (image imports of a multiple upload): a restart
 * finds the pending ones and carries on. One `batch` per request, so that the
 * callback is sent once every image of the request is done.
 */
export const jobs = pgTable(
  "jobs",
  {
    id: serial("id").primaryKey(),
    kind: text("kind").notNull(),
    batch: text("batch").notNull(),
    payload: jsonb("payload").$type<Record<string, unknown>>().notNull(),
    state: text("state").notNull().default("pending"),
    /** Claims that counted as attempts (a release or deferral gives its attempt back). */
    attempts: integer("attempts").notNull().default(0),
    /**
     * Every claim ever made, the claim's fence (src/jobs/queue.ts): it only grows, so that a worker
     * that lost its claim can never find it valid again, whatever happened to `attempts` since.
     */
    claims: integer("claims").notNull().default(0),
    error: text("error"),
    runAfter: timestamp("run_after", { withTimezone: true }).notNull().defaultNow(),
    lockedUntil: timestamp("locked_until", { withTimezone: true }),
    createdAt: createdAt(),
    finishedAt: timestamp("finished_at", { withTimezone: true }),
  },
  (t) => [
    index("jobs_pending_idx")
      .on(t.runAfter)
      .where(sql`${t.state} = 'pending'`),
    index("jobs_batch_idx").on(t.batch),
    check("jobs_state_check", sql`${t.state} in ('pending', 'done', 'failed')`),
  ],
);
