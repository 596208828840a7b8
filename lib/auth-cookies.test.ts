import { describe, expect, it } from "vitest";
import { authCookies, sessionCookieName, usesSecureCookies } from "./auth-cookies";

describe("authCookies", () => {
  it("gives every cookie the __Host- prefix over HTTPS, with what the prefix demands", () => {
    for (const [key, cookie] of Object.entries(authCookies(true))) {
      expect(cookie.name, key).toMatch(/^__Host-next-auth\./);
      expect(cookie.options.secure, key).toBe(true);
      expect(cookie.options.path, key).toBe("/");
      expect(cookie.options.domain, key).toBeUndefined();
      expect(cookie.options.httpOnly, key).toBe(true);
    }
  });

  it("keeps next-auth's plain names over HTTP, where a prefixed cookie would be refused", () => {
    const cookies = authCookies(false);
    expect(cookies.sessionToken.name).toBe("next-auth.session-token");
    expect(cookies.callbackUrl.name).toBe("next-auth.callback-url");
    for (const cookie of Object.values(cookies)) expect(cookie.options.secure).toBe(false);
  });

  it("names the session cookie from the dashboard's address", () => {
    expect(usesSecureCookies("https://admin.example.com")).toBe(true);
    expect(usesSecureCookies("http://localhost:3000")).toBe(false);
    expect(sessionCookieName("https://admin.example.com")).toBe("__Host-next-auth.session-token");
    expect(sessionCookieName("http://localhost:3000")).toBe("next-auth.session-token");
  });
});
