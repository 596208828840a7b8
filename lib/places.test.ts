import { describe, expect, it } from "vitest";
import {
  camelCaseRegion,
  countryChoices,
  countryCodes,
  countryName,
  isCountryCode,
  placeKey,
  placeName,
  regionProblem,
  regionWords,
  usRegionCodes,
} from "./places";
import { regionChoices } from "./region-choices";

describe("places", () => {
  it("lists the assigned ISO country codes, named by Intl, sorted by name", () => {
    expect(countryCodes).toHaveLength(249);
    expect(isCountryCode("DE")).toBe(true);
    expect(isCountryCode("EU")).toBe(false);
    expect(countryName("DE")).toBe("Germany");
    const names = countryChoices().map((c) => c.name);
    expect(names).toEqual([...names].sort((a, b) => a.localeCompare(b, "en")));
    expect(countryChoices()).toContainEqual({ code: "US", name: "United States" });
  });

  it("the US regions: states, DC and territories by their codes", () => {
    expect(usRegionCodes).toHaveLength(57);
    expect(usRegionCodes[0]).toBe("AL");
    expect(placeName("US", "CA")).toBe("California");
    expect(placeName("US", null)).toBe("United States");
    expect(placeName("AU", "NewSouthWales")).toBe("New South Wales, Australia");
    expect(placeName("NL", "SouthHolland")).toBe("South Holland, Netherlands");
  });

  it("regions: a US state's code, a camel-cased name elsewhere", () => {
    expect(regionProblem("US", "")).toBeNull();
    expect(regionProblem("US", "ny")).toBeNull();
    expect(regionProblem("US", "New York")).toBe("Choose a US state, or the whole country.");
    expect(regionProblem("AU", "NewSouthWales")).toBeNull();
    expect(regionProblem("FR", "ÎleDeFrance")).toBeNull();
    expect(regionProblem("AU", "new south wales")).toBe("Write it as one word with capitals: “NewSouthWales”.");
    expect(regionProblem("AU", "---")).toBe("Write it as one word starting with a capital, such as NewSouthWales.");
    expect(camelCaseRegion("île-de-france")).toBe("ÎleDeFrance");
  });

  it("places compare without case, spaces or punctuation", () => {
    expect(placeKey("AU", "New South Wales")).toBe(placeKey("au", "NewSouthWales"));
    expect(placeKey("US", null)).toBe(placeKey("US", ""));
    expect(placeKey("US", "CA")).not.toBe(placeKey("US", null));
  });
});

describe("regions by name", () => {
  it("offers a country's regions by name, each sent camel-cased, and every one is a region the store takes", () => {
    const au = regionChoices("au");
    expect(au.find((r) => r.name === "New South Wales")?.value).toBe("NewSouthWales");
    expect(regionChoices("DE").find((r) => r.name === "Baden-Württemberg")?.value).toBe("BadenWürttemberg");
    for (const country of ["AU", "CA", "DE", "GB", "NZ"]) {
      for (const region of regionChoices(country)) expect(regionProblem(country, region.value), region.name).toBeNull();
    }
    expect(regionChoices("FR")).toEqual([]);
  });

  it("writes a camel-cased region in words, split at its capitals", () => {
    expect(regionWords("NewSouthWales")).toBe("New South Wales");
    expect(regionWords("IleDeFrance")).toBe("Ile De France");
    expect(regionWords("Bavaria")).toBe("Bavaria");
    expect(regionWords("CA")).toBe("CA");
  });
});
