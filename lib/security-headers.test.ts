import { describe, expect, it } from "vitest";
import { contentSecurityPolicy, newNonce, nonPagePolicy, strictTransportSecurity } from "./security-headers";

const directives = (policy: string) =>
  Object.fromEntries(
    policy.split("; ").map((d) => {
      const [name, ...values] = d.split(" ");
      return [name!, values.join(" ")];
    }),
  );

describe("contentSecurityPolicy", () => {
  const base = { nonce: "abc123==", storePublicUrl: "https://store.example.com/", https: false };

  it("allows scripts by nonce only, and no eval outside development", () => {
    const policy = directives(contentSecurityPolicy(base));
    expect(policy["script-src"]).toBe("'self' 'nonce-abc123==' 'strict-dynamic'");
    expect(policy["script-src"]).not.toMatch(/unsafe-inline|unsafe-eval/);
    expect(policy["style-src"]).toBe("'self' 'unsafe-inline'");
    expect(contentSecurityPolicy(base)).not.toContain("unsafe-eval");
    expect(directives(contentSecurityPolicy({ ...base, dev: true }))["script-src"]).toContain("'unsafe-eval'");
  });

  it("lets the sign-in form go to the store and nowhere else, and forbids framing", () => {
    const policy = directives(contentSecurityPolicy(base));
    expect(policy["form-action"]).toBe("'self' https://store.example.com");
    expect(policy["frame-ancestors"]).toBe("'none'");
    expect(policy["object-src"]).toBe("'none'");
    expect(policy["base-uri"]).toBe("'none'");
    expect(policy["connect-src"]).toBe("'self'");
  });

  it("shows images from the dashboard and from the store's origin only", () => {
    const policy = directives(contentSecurityPolicy(base));
    expect(policy["img-src"]).toBe("'self' data: blob: https://store.example.com");
    const local = directives(contentSecurityPolicy({ ...base, storePublicUrl: "http://localhost:4000/shop/" }));
    expect(local["img-src"]).toBe("'self' data: blob: http://localhost:4000");
  });

  it("adds the origin of STORE_MEDIA_URL to the images' when the store's files are public elsewhere", () => {
    const policy = directives(contentSecurityPolicy({ ...base, mediaUrl: "https://cdn.example.net/shop/media" }));
    expect(policy["img-src"]).toBe("'self' data: blob: https://store.example.com https://cdn.example.net");
    const same = directives(contentSecurityPolicy({ ...base, mediaUrl: "https://store.example.com/media" }));
    expect(same["img-src"]).toBe("'self' data: blob: https://store.example.com");
  });

  it("upgrades insecure requests on HTTPS only", () => {
    expect(contentSecurityPolicy(base)).not.toContain("upgrade-insecure-requests");
    expect(contentSecurityPolicy({ ...base, https: true })).toContain("upgrade-insecure-requests");
  });

  it("keeps non-pages inert", () => {
    expect(directives(nonPagePolicy)["default-src"]).toBe("'none'");
    expect(directives(nonPagePolicy)["frame-ancestors"]).toBe("'none'");
  });

  it("asks for HSTS for two years", () => {
    expect(strictTransportSecurity).toMatch(/^max-age=63072000/);
  });
});

describe("newNonce", () => {
  it("is 128 random bits, fresh every time", () => {
    const nonces = new Set(Array.from({ length: 100 }, newNonce));
    expect(nonces.size).toBe(100);
    for (const nonce of nonces) expect(Buffer.from(nonce, "base64")).toHaveLength(16);
  });
});
