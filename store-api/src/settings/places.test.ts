import { describe, expect, it } from "vitest";
import { checkRegion, COUNTRY_CODES, placeKey, US_REGIONS } from "./places.js";

describe("places", () => {
  it("knows the 249 assigned ISO 3166-1 alpha-2 codes, and not the reserved ones", () => {
    expect(COUNTRY_CODES.size).toBe(249);
    for (const code of ["US", "DE", "GB", "AX", "SS", "BQ"]) expect(COUNTRY_CODES.has(code), code).toBe(true);
    for (const code of ["UK", "EU", "XK", "AN", "ZZ", "us"]) expect(COUNTRY_CODES.has(code), code).toBe(false);
  });

  it("knows the 50 states, DC and the territories of the US", () => {
    expect(US_REGIONS.size).toBe(57);
    for (const code of ["CA", "NY", "DC", "PR", "GU", "VI"]) expect(US_REGIONS.has(code), code).toBe(true);
    for (const code of ["AA", "XX", "QC"]) expect(US_REGIONS.has(code), code).toBe(false);
  });

  it.each([
    ["US", "ca", { region: "CA" }],
    ["US", " NY ", { region: "NY" }],
    ["AU", "NewSouthWales", { region: "NewSouthWales" }],
    ["CA", "ON", { region: "ON" }],
    ["FR", "ÎleDeFrance", { region: "ÎleDeFrance" }],
  ])("%s %j → %j", (country, region, result) => {
    expect(checkRegion(country, region)).toEqual(result);
  });

  it.each([
    ["US", "California", /US state/],
    ["US", "C", /US state/],
    ["AU", "new south wales", /"NewSouthWales"/],
    ["DE", "baden-württemberg", /"BadenWürttemberg"/],
    ["GB", "!!!", /"NewSouthWales"/],
    ["GB", "A".repeat(65), /at most 64/],
  ])("%s %j is refused", (country, region, message) => {
    const result = checkRegion(country, region);
    expect("problem" in result && result.problem).toMatch(message);
  });

  it("compares places without case, spaces or punctuation", () => {
    expect(placeKey("US", "CA")).toBe(placeKey("us", "ca"));
    expect(placeKey("AU", "NewSouthWales")).toBe(placeKey("AU", "New South Wales"));
    expect(placeKey("US", null)).not.toBe(placeKey("US", "CA"));
  });
});
