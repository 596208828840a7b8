import { camelCaseRegion } from "./places";

/*
 * The region picker's lists (components/places/place-inputs.tsx), apart from lib/places.ts so that
 * the pages that only show places do not carry them (docs/architecture.md#budgets). Regions by name
 * for the countries whose regions people most often ship to
 * by name (docs/contract.md#shipping: outside the US a region is its name,
 * camel-cased, "NewSouthWales"). The region picker offers these; any other
 * country keeps a text field. Names as the countries write them.
 */
const names: Readonly<Record<string, readonly string[]>> = {
  AU: [
    "Australian Capital Territory",
    "New South Wales",
    "Northern Territory",
    "Queensland",
    "South Australia",
    "Tasmania",
    "Victoria",
    "Western Australia",
  ],
  CA: [
    "Alberta",
    "British Columbia",
    "Manitoba",
    "New Brunswick",
    "Newfoundland and Labrador",
    "Northwest Territories",
    "Nova Scotia",
    "Nunavut",
    "Ontario",
    "Prince Edward Island",
    "Quebec",
    "Saskatchewan",
    "Yukon",
  ],
  DE: [
    "Baden-Württemberg",
    "Bayern",
    "Berlin",
    "Brandenburg",
    "Bremen",
    "Hamburg",
    "Hessen",
    "Mecklenburg-Vorpommern",
    "Niedersachsen",
    "Nordrhein-Westfalen",
    "Rheinland-Pfalz",
    "Saarland",
    "Sachsen",
    "Sachsen-Anhalt",
    "Schleswig-Holstein",
    "Thüringen",
  ],
  GB: ["England", "Northern Ireland", "Scotland", "Wales"],
  NZ: [
    "Auckland",
    "Bay of Plenty",
    "Canterbury",
    "Gisborne",
    "Hawke's Bay",
    "Manawatū-Whanganui",
    "Marlborough",
    "Nelson",
    "Northland",
    "Otago",
    "Southland",
    "Taranaki",
    "Tasman",
    "Waikato",
    "Wellington",
    "West Coast",
  ],
};

export interface RegionChoice {
  /** As the API takes it: "NewSouthWales". */
  value: string;
  /** As people write it: "New South Wales". */
  name: string;
}

const choices = new Map<string, RegionChoice[]>();

/** The named regions of `country`, by name; empty when the picker has none for it (a text field then). */
export function regionChoices(country: string): readonly RegionChoice[] {
  const code = country.toUpperCase();
  let list = choices.get(code);
  if (!list) {
    list = (names[code] ?? []).map((name) => ({ value: camelCaseRegion(name), name }));
    choices.set(code, list);
  }
  return list;
}
