import { describe, expect, it } from "vitest";
import { redactUrl } from "./logger.js";

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
