import { describe, expect, it } from "vitest";
import { safeCallbackPath, signInPath } from "./callback-path";

const own = "http://admin.test:3000";

/**
 * Values an attacker may put in `?callbackUrl=`, as the page receives them
 * (the query string already decoded once). Each must come back as null: not
 * one may leave the dashboard's origin.
 */
const trickyCallbacks = [
  "//evil.test/x",
  "///evil.test/x",
  "/\\evil.test/x",
  "\\\\evil.test/x",
  "\\/evil.test/x",
  "/\t/evil.test/x",
  "\t//evil.test/x",
  " //evil.test/x",
  "/\r\n/evil.test/x",
  "/\n/evil.test/x",
  "/x\r\nSet-Cookie: a=b",
  "/\u0000/evil.test",
  "/..//evil.test/x",
  "/./\\evil.test/x",
  "/a/../..//evil.test/x",
  "https://evil.test/x",
  "http://evil.test",
  "HTTPS://EVIL.TEST/",
  "https:evil.test",
  "http://admin.test:3000@evil.test/",
  "http://admin.test:3001/users",
  "https://admin.test:3000/users",
  "ftp://admin.test:3000/users",
  "javascript:alert(1)",
  "JavaScript:alert(document.cookie)",
  "java\tscript:alert(1)",
  " javascript:alert(1)",
  "data:text/html,<script>alert(1)</script>",
  "vbscript:msgbox(1)",
  "blob:http://admin.test:3000/x",
  "//evil.test\\@admin.test:3000/",
  "",
];

describe("safeCallbackPath", () => {
  it.each(trickyCallbacks)("refuses %j", (value) => {
    expect(safeCallbackPath(value, own)).toBeNull();
    // Without an origin only paths pass, so these fail there too.
    expect(safeCallbackPath(value)).toBeNull();
  });

  it("keeps paths of the dashboard, with their query and fragment", () => {
    expect(safeCallbackPath("/users/3?tab=x", own)).toBe("/users/3?tab=x");
    expect(safeCallbackPath("/users#top", own)).toBe("/users#top");
    expect(safeCallbackPath("/", own)).toBe("/");
    expect(safeCallbackPath("/users/3?tab=x")).toBe("/users/3?tab=x");
  });

  it("keeps encoded look-alikes on the dashboard, still encoded", () => {
    // Still percent-encoded, these are paths of ours: a browser sends them
    // as they are and never decodes them into "//" or "\".
    expect(safeCallbackPath("%2F%2Fevil.test", own)).toBe("/%2F%2Fevil.test");
    expect(safeCallbackPath("/%5Cevil.test", own)).toBe("/%5Cevil.test");
    expect(safeCallbackPath("/%09/evil.test/x", own)).toBe("/%09/evil.test/x");
    expect(safeCallbackPath("/%2F/evil.test", own)).toBe("/%2F/evil.test");
  });

  it("turns an absolute URL of the dashboard into its path", () => {
    expect(safeCallbackPath("http://admin.test:3000/users?x=1", own)).toBe("/users?x=1");
    expect(safeCallbackPath("HTTP://ADMIN.TEST:3000/users", own)).toBe("/users");
    // Only with the origin given: a bare call takes paths only.
    expect(safeCallbackPath("http://admin.test:3000/users")).toBeNull();
  });

  it("normalises dot segments and stays on the dashboard", () => {
    expect(safeCallbackPath("/users/../orders", own)).toBe("/orders");
    expect(safeCallbackPath("users", own)).toBe("/users");
  });

  it("refuses nothing at all", () => {
    expect(safeCallbackPath(undefined, own)).toBeNull();
    expect(safeCallbackPath(null, own)).toBeNull();
  });
});

describe("signInPath", () => {
  it("names the page to come back to and why", () => {
    expect(signInPath("/users/3", "SessionExpired")).toBe("/signin?callbackUrl=%2Fusers%2F3&error=SessionExpired");
    expect(signInPath()).toBe("/signin");
  });

  it.each(trickyCallbacks)("leaves out %j", (value) => {
    expect(signInPath(value)).toBe("/signin");
    expect(signInPath(value, "SessionExpired")).toBe("/signin?error=SessionExpired");
  });
});
