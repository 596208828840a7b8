import { describe, expect, it } from "vitest";
import { redactUrl, requestId } from "./logger.js";

describe("redactUrl", () => {
  it("keeps secrets in query strings out of the logs", () => {
    expect(redactUrl("/api/v1/users?bearer_token=sat_abc&page=2")).toBe("/api/v1/users?bearer_token=[redacted]&page=2");
    expect(redactUrl("/oauth2/authorize?client_id=app_1&state=xyz&code_challenge=c")).toBe(
      "/oauth2/authorize?client_id=app_1&state=[redacted]&code_challenge=c",
    );
    expect(redactUrl("/account/set-password?token=spw_1")).toBe("/account/set-password?token=[redacted]");
    expect(redactUrl("/cb?code=sac_1&x=1")).toBe("/cb?code=[redacted]&x=1");
  });
});

describe("redactUrl, however the name is spelled", () => {
  it.each([
    ["/u?bearer%5Ftoken=s1", "/u?bearer%5Ftoken=[redacted]"],
    ["/u?bearer%255Ftoken=s1", "/u?bearer%255Ftoken=[redacted]"],
    ["/u?BEARER_token=s1&page=2", "/u?BEARER_token=[redacted]&page=2"],
    ["/u?page=2;bearer_token=s1", "/u?page=2;bearer_token=[redacted]"],
    ["/u;bearer_token=s1", "/u;bearer_token=[redacted]"],
    ["/u?token=a&token=b", "/u?token=[redacted]&token=[redacted]"],
    ["/cb#access_token=s1&state=s2", "/cb#access_token=[redacted]&state=[redacted]"],
    ["/u/bearer_token=s1", "/u/bearer_token=[redacted]"],
    ["/u?token=s1;s2/s3#s4&x=1", "/u?token=[redacted]&x=1"],
    ["/u?token[]=s1", "/u?token[]=[redacted]"],
  ])("%s", (url, redacted) => {
    expect(redactUrl(url)).toBe(redacted);
  });

  it("leaves other parameters alone", () => {
    expect(redactUrl("/a?code_challenge=c&tokens=t&x=code=1")).toBe("/a?code_challenge=c&tokens=t&x=code=1");
  });
});

describe("requestId", () => {
  it("keeps a short plain id and replaces anything else", () => {
    expect(requestId({ headers: { "x-request-id": "abc-1.2_3" } })).toBe("abc-1.2_3");
    for (const bad of ["", "a".repeat(65), "a b", 'x"}', "é"])
      expect(requestId({ headers: { "x-request-id": bad } })).not.toBe(bad);
    expect(requestId({ headers: {} })).toMatch(/^[0-9a-f-]{36}$/);
  });
});
