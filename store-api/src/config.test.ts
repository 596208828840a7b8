import { describe, expect, it } from "vitest";
import { ConfigError, DEVELOPMENT_SCRYPT_LOG_N, loadConfig } from "./config.js";

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

describe("media storage", () => {
  it("is the data folder by default", () => {
    expect(loadConfig({}).media).toEqual({ driver: "local", publicUrl: undefined });
  });

  it("takes an S3-compatible bucket, path-style when an endpoint is named", () => {
    const media = loadConfig({
      STORE_API_MEDIA_DRIVER: "s3",
      STORE_API_S3_BUCKET: "shop-media",
      STORE_API_S3_ENDPOINT: "http://127.0.0.1:9000",
      STORE_API_S3_ACCESS_KEY_ID: "key",
      STORE_API_S3_SECRET_ACCESS_KEY: "secret",
      STORE_API_MEDIA_PUBLIC_URL: "https://cdn.example.com/media/",
    }).media;
    expect(media).toEqual({
      driver: "s3",
      bucket: "shop-media",
      endpoint: "http://127.0.0.1:9000",
      region: "us-east-1",
      accessKeyId: "key",
      secretAccessKey: "secret",
      forcePathStyle: true,
      publicUrl: "https://cdn.example.com/media",
    });
    expect(loadConfig({ STORE_API_MEDIA_DRIVER: "s3", STORE_API_S3_BUCKET: "b" }).media).toMatchObject({
      endpoint: undefined,
      forcePathStyle: false,
      accessKeyId: undefined,
    });
  });

  it("refuses an S3 driver without a bucket, half the credentials, or an unknown driver, naming the setting", () => {
    expect(() => loadConfig({ STORE_API_MEDIA_DRIVER: "s3" })).toThrow(/STORE_API_S3_BUCKET: is required/);
    expect(() =>
      loadConfig({ STORE_API_MEDIA_DRIVER: "s3", STORE_API_S3_BUCKET: "b", STORE_API_S3_ACCESS_KEY_ID: "k" }),
    ).toThrow(/set both, or neither/);
    expect(() => loadConfig({ STORE_API_MEDIA_DRIVER: "disk" })).toThrow(/STORE_API_MEDIA_DRIVER/);
  });
});

describe("STORE_API_METRICS_PORT and STORE_API_METRICS_HOST", () => {
  it("leave the metrics off by default and when empty", () => {
    expect(loadConfig({}).metrics).toBeUndefined();
    expect(loadConfig({ STORE_API_METRICS_PORT: "" }).metrics).toBeUndefined();
  });

  it("serve them on 127.0.0.1 unless told otherwise", () => {
    expect(loadConfig({ STORE_API_METRICS_PORT: "9464" }).metrics).toEqual({ port: 9464, host: "127.0.0.1" });
    expect(loadConfig({ STORE_API_METRICS_PORT: "9464", STORE_API_METRICS_HOST: "10.0.0.5" }).metrics).toEqual({
      port: 9464,
      host: "10.0.0.5",
    });
  });

  it("refuse a port that is not one, or the API's own, naming the setting", () => {
    for (const value of ["0", "65536", "nine", "94.5"]) {
      expect(() => loadConfig({ STORE_API_METRICS_PORT: value }), value).toThrow(
        /STORE_API_METRICS_PORT: must be a port number from 1 to 65535/,
      );
    }
    expect(() => loadConfig({ STORE_API_PORT: "4000", STORE_API_METRICS_PORT: "4000" })).toThrow(
      /STORE_API_METRICS_PORT: must differ from STORE_API_PORT \(4000\)/,
    );
  });
});

describe("STORE_API_SHUTDOWN_TIMEOUT", () => {
  it("is 10 s by default and when empty, and takes seconds", () => {
    expect(loadConfig({}).shutdownTimeoutMs).toBe(10_000);
    expect(loadConfig({ STORE_API_SHUTDOWN_TIMEOUT: "" }).shutdownTimeoutMs).toBe(10_000);
    expect(loadConfig({ STORE_API_SHUTDOWN_TIMEOUT: "2.5" }).shutdownTimeoutMs).toBe(2500);
    expect(loadConfig({ STORE_API_SHUTDOWN_TIMEOUT: "0" }).shutdownTimeoutMs).toBe(0);
  });

  it("refuses anything else, naming the setting", () => {
    for (const value of ["-1", "3601", "soon"]) {
      expect(() => loadConfig({ STORE_API_SHUTDOWN_TIMEOUT: value }), value).toThrow(/STORE_API_SHUTDOWN_TIMEOUT: /);
    }
  });
});

describe("STORE_API_JOB_LOCK_SECONDS", () => {
  it("is 120 s by default and when empty, and takes whole seconds from 3 to 3600", () => {
    expect(loadConfig({}).jobs.lockMs).toBe(120_000);
    expect(loadConfig({ STORE_API_JOB_LOCK_SECONDS: "" }).jobs.lockMs).toBe(120_000);
    expect(loadConfig({ STORE_API_JOB_LOCK_SECONDS: "3" }).jobs.lockMs).toBe(3000);
    expect(loadConfig({ STORE_API_JOB_LOCK_SECONDS: "3600" }).jobs.lockMs).toBe(3_600_000);
  });

  it("refuses anything else, naming the setting and its bounds", () => {
    for (const value of ["2", "0", "-5", "1.5", "3601", "two minutes"]) {
      expect(() => loadConfig({ STORE_API_JOB_LOCK_SECONDS: value }), value).toThrow(
        /STORE_API_JOB_LOCK_SECONDS: must be a whole number of seconds from 3 to 3600/,
      );
    }
    expect(() => loadConfig({ STORE_API_JOB_LOCK_SECONDS: "2" })).toThrow(/renews its lock/);
  });
});

describe("the body settings (STORE_API_BODY_*)", () => {
  const MB = 1024 * 1024;
  it("default to 20 s idle, 120 s in all, 64 MB per token and 256 MB per process", () => {
    expect(loadConfig({}).bodies).toEqual({
      idleTimeoutMs: 20_000,
      deadlineMs: 120_000,
      perToken: 64 * MB,
      perProcess: 256 * MB,
    });
    expect(loadConfig({ STORE_API_BODY_IDLE_TIMEOUT: "", STORE_API_BODY_MB: "" }).bodies).toEqual(
      loadConfig({}).bodies,
    );
  });

  it("take seconds and megabytes", () => {
    const env = {
      STORE_API_BODY_IDLE_TIMEOUT: "5",
      STORE_API_BODY_TIMEOUT: "60",
      STORE_API_BODY_MB_PER_TOKEN: "32",
      STORE_API_BODY_MB: "512",
    };
    expect(loadConfig(env).bodies).toEqual({
      idleTimeoutMs: 5000,
      deadlineMs: 60_000,
      perToken: 32 * MB,
      perProcess: 512 * MB,
    });
  });

  it("refuse anything else, naming the setting", () => {
    for (const [name, value] of [
      ["STORE_API_BODY_IDLE_TIMEOUT", "0"],
      ["STORE_API_BODY_TIMEOUT", "never"],
      ["STORE_API_BODY_MB_PER_TOKEN", "-1"],
      ["STORE_API_BODY_MB", "0.5"],
    ] as const) {
      expect(() => loadConfig({ [name]: value }), `${name}=${value}`).toThrow(new RegExp(`${name}: must be`));
    }
  });
});

describe("STORE_API_PASSWORD_COST", () => {
  it("hashes at OWASP's cost unless told otherwise, in production always", () => {
    expect(loadConfig({}).signIn.scryptLogN).toBe(17);
    expect(loadConfig({ STORE_API_MODE: "production" }).signIn.scryptLogN).toBe(17);
    expect(loadConfig({ STORE_API_MODE: "production", STORE_API_PASSWORD_COST: "owasp" }).signIn.scryptLogN).toBe(17);
  });

  it("takes a development cost in development mode only", () => {
    expect(loadConfig({ STORE_API_PASSWORD_COST: "development" }).signIn.scryptLogN).toBe(DEVELOPMENT_SCRYPT_LOG_N);
    expect(() => loadConfig({ STORE_API_MODE: "production", STORE_API_PASSWORD_COST: "development" })).toThrow(
      /STORE_API_PASSWORD_COST: development is for development and tests only/,
    );
    expect(() => loadConfig({ STORE_API_PASSWORD_COST: "cheap" })).toThrow(/STORE_API_PASSWORD_COST/);
  });
});
