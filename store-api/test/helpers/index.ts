/** Helpers for the store's HTTP tests: a real store per file, ways to talk to it, and the checks its resources' tests share. */
export * from "./browser.js";
export * from "./http.js";
export * from "./oauth.js";
export * from "./parts.js";
export * from "./store.js";
