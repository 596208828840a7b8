import { describe, expect, it } from "vitest";
import { ConfigError, loadConfig } from "./config.js";

/** STORE_DASHBOARD_URL: optional, an absolute http(s) URL, named when wrong. */
describe("STORE_DASHBOARD_URL", () => {
  it("is absent by default and when empty", () => {
    expect(loadConfig({}).dashboardUrl).toBeUndefined();
    expect(loadConfig({ STORE_DASHBOARD_URL: "" }).dashboardUrl).toBeUndefined();
  });

  it("takes an absolute http or https URL as given", () => {
    expect(loadConfig({ STORE_DASHBOARD_URL: "https://admin.example.com" }).dashboardUrl).toBe(
      "https://admin.example.com",
    );
    expect(loadConfig({ STORE_DASHBOARD_URL: "http://localhost:3000/" }).dashboardUrl).toBe("http://localhost:3000/");
  });

  it("refuses anything else, naming the setting", () => {
    for (const value of ["admin.example.com", "/signin", "javascript:alert(1)", "ftp://example.com", "https://"]) {
      expect(() => loadConfig({ STORE_DASHBOARD_URL: value }), value).toThrow(ConfigError);
      expect(() => loadConfig({ STORE_DASHBOARD_URL: value }), value).toThrow(
        /STORE_DASHBOARD_URL: must be an absolute http:\/\/ or https:\/\/ URL/,
      );
    }
  });
});
