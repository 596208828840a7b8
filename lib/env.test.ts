import { describe, expect, it } from "vitest";
import { EnvError, parseEnv } from "./env";

const minimal = { STORE_CLIENT_ID: "id", STORE_CLIENT_SECRET: "secret", NEXTAUTH_SECRET: "s3cret" };

describe("parseEnv", () => {
  it("derives the session secret from the client secret when NEXTAUTH_SECRET is not set", () => {
    const { NEXTAUTH_SECRET: _, ...withoutSecret } = minimal;
    const derived = parseEnv(withoutSecret).NEXTAUTH_SECRET;
    expect(derived).not.toBe("secret");
    expect(derived).toContain("secret");
    expect(parseEnv(minimal).NEXTAUTH_SECRET).toBe("s3cret");
  });

  it("fills the defaults", () => {
    expect(parseEnv(minimal)).toMatchObject({
      STORE_BASE_URL: "http://localhost:4000",
      STORE_PUBLIC_URL: "http://localhost:4000",
      NEXTAUTH_URL: "http://localhost:3000",
    });
  });

  it("takes the store's weight unit, one of four, and refuses another in words", () => {
    expect(parseEnv(minimal).STORE_WEIGHT_UNIT).toBeUndefined();
    expect(parseEnv({ ...minimal, STORE_WEIGHT_UNIT: "lb" }).STORE_WEIGHT_UNIT).toBe("lb");
    expect(() => parseEnv({ ...minimal, STORE_WEIGHT_UNIT: "stone" })).toThrow(
      "STORE_WEIGHT_UNIT must be kg, g, lb or oz.",
    );
  });

  it("defaults the public store address to the server-side one, without trailing slash", () => {
    expect(parseEnv({ ...minimal, STORE_BASE_URL: "http://store:4000/" }).STORE_PUBLIC_URL).toBe("http://store:4000");
  });

  it("names every missing setting in one clear error", () => {
    expect(() => parseEnv({ STORE_BASE_URL: "not a url", STORE_CLIENT_ID: "" })).toThrowError(EnvError);
    try {
      parseEnv({ STORE_BASE_URL: "not a url" });
    } catch (error) {
      const message = (error as Error).message;
      expect(message).toMatch(/STORE_CLIENT_ID is not set/);
      expect(message).toMatch(/STORE_CLIENT_SECRET is not set/);
      expect(message).toMatch(/STORE_BASE_URL must be an absolute URL/);
    }
  });
});
