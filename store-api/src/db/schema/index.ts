/** The database schema, one file per area; drizzle-kit and the app read it from here. */
export * from "./api-limits.js";
export * from "./cache.js";
export * from "./catalogue.js";
export * from "./catalogue-version.js";
export * from "./product-search.js";
export * from "./coupons.js";
export * from "./mail.js";
export * from "./oauth.js";
export * from "./orders.js";
export * from "./settings.js";
export * from "./shipping.js";
export * from "./sign-in.js";
export * from "./tax.js";
export * from "./users.js";
export * from "./web.js";
