/** Helpers for the store's HTTP tests: a real store per file, and ways to talk to it. */
export * from "./browser.js";
export * from "./http.js";
export * from "./oauth.js";
export * from "./store.js";
