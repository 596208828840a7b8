/**
 * Places as shipping destinations and tax rules name them
 * (docs/contract.md#shipping, docs/contract.md#tax): a country by its 2-letter
 * ISO 3166-1 code, and maybe a region: a US state's 2-letter code in the United
 * States, a camel-cased name elsewhere ("NewSouthWales"). Plain: safe in client
 * components.
 *
 * Names come from `Intl.DisplayNames`; the codes are shipped here, because
 * Intl also names codes that are no country (EU, XK, reserved ones).
 */

/** The officially assigned ISO 3166-1 alpha-2 codes. */
export const countryCodes: readonly string[] = `AD AE AF AG AI AL AM AO AQ AR AS AT AU AW AX AZ
BA BB BD BE BF BG BH BI BJ BL BM BN BO BQ BR BS BT BV BW BY BZ
CA CC CD CF CG CH CI CK CL CM CN CO CR CU CV CW CX CY CZ
DE DJ DK DM DO DZ EC EE EG EH ER ES ET FI FJ FK FM FO FR
GA GB GD GE GF GG GH GI GL GM GN GP GQ GR GS GT GU GW GY
HK HM HN HR HT HU ID IE IL IM IN IO IQ IR IS IT JE JM JO JP
KE KG KH KI KM KN KP KR KW KY KZ LA LB LC LI LK LR LS LT LU LV LY
MA MC MD ME MF MG MH MK ML MM MN MO MP MQ MR MS MT MU MV MW MX MY MZ
NA NC NE NF NG NI NL NO NP NR NU NZ OM PA PE PF PG PH PK PL PM PN PR PS PT PW PY QA
RE RO RS RU RW SA SB SC SD SE SG SH SI SJ SK SL SM SN SO SR SS ST SV SX SY SZ
TC TD TF TG TH TJ TK TL TM TN TO TR TT TV TW TZ UA UG UM US UY UZ
VA VC VE VG VI VN VU WF WS YE YT ZA ZM ZW`.split(/\s+/);

const countrySet = new Set(countryCodes);

/** The regions of the United States by their 2-letter (USPS) codes: the states, DC and the territories. */
export const usRegions: Readonly<Record<string, string>> = {
  AL: "Alabama",
  AK: "Alaska",
  AZ: "Arizona",
  AR: "Arkansas",
  CA: "California",
  CO: "Colorado",
  CT: "Connecticut",
  DE: "Delaware",
  DC: "District of Columbia",
  FL: "Florida",
  GA: "Georgia",
  HI: "Hawaii",
  ID: "Idaho",
  IL: "Illinois",
  IN: "Indiana",
  IA: "Iowa",
  KS: "Kansas",
  KY: "Kentucky",
  LA: "Louisiana",
  ME: "Maine",
  MD: "Maryland",
  MA: "Massachusetts",
  MI: "Michigan",
  MN: "Minnesota",
  MS: "Mississippi",
  MO: "Missouri",
  MT: "Montana",
  NE: "Nebraska",
  NV: "Nevada",
  NH: "New Hampshire",
  NJ: "New Jersey",
  NM: "New Mexico",
  NY: "New York",
  NC: "North Carolina",
  ND: "North Dakota",
  OH: "Ohio",
  OK: "Oklahoma",
  OR: "Oregon",
  PA: "Pennsylvania",
  RI: "Rhode Island",
  SC: "South Carolina",
  SD: "South Dakota",
  TN: "Tennessee",
  TX: "Texas",
  UT: "Utah",
  VT: "Vermont",
  VA: "Virginia",
  WA: "Washington",
  WV: "West Virginia",
  WI: "Wisconsin",
  WY: "Wyoming",
  AS: "American Samoa",
  GU: "Guam",
  MP: "Northern Mariana Islands",
  PR: "Puerto Rico",
  UM: "U.S. Minor Outlying Islands",
  VI: "U.S. Virgin Islands",
};

/** The US regions as a picker lists them: by name. */
export const usRegionCodes: readonly string[] = Object.keys(usRegions).sort((a, b) =>
  usRegions[a]!.localeCompare(usRegions[b]!, "en"),
);

export function isCountryCode(code: string): boolean {
  return countrySet.has(code);
}

let displayNames: Intl.DisplayNames | null | undefined;

/**
 * A country's name in English ("DE" → "Germany"), or the code itself when
 * Intl cannot name it. Server and browser may know different names for a
 * few places (their ICU data differ): render it with suppressHydrationWarning.
 */
export function countryName(code: string): string {
  if (displayNames === undefined) {
    try {
      displayNames = new Intl.DisplayNames(["en"], { type: "region", fallback: "code" });
    } catch {
      displayNames = null;
    }
  }
  try {
    return displayNames?.of(code) ?? code;
  } catch {
    return code;
  }
}

let sortedCountries: { code: string; name: string }[] | undefined;

/** Every country as a picker lists it: by name. */
export function countryChoices(): readonly { code: string; name: string }[] {
  sortedCountries ??= countryCodes
    .map((code) => ({ code, name: countryName(code) }))
    .sort((a, b) => a.name.localeCompare(b.name, "en"));
  return sortedCountries;
}

/** A place in words: "California", "New South Wales, Australia", "Germany". */
export function placeName(country: string, region: string | null | undefined): string {
  const name = countryName(country);
  if (!region) return name;
  if (country === "US") return usRegions[region.toUpperCase()] ?? region;
  return `${regionWords(region)}, ${name}`;
}

/** The camel-cased form of a region's name: "new south wales" → "NewSouthWales" (docs/contract.md#shipping). */
export function camelCaseRegion(name: string): string {
  return name
    .split(/[^\p{L}\p{M}\p{N}]+/u)
    .filter(Boolean)
    .map((word) => word[0]!.toUpperCase() + word.slice(1))
    .join("");
}

const camelCased = /^\p{Lu}[\p{L}\p{M}\p{N}]*$/u;

/**
 * What is wrong with a region for a country, in words, or null when it is
 * fine (empty means the whole country). In the US a state's 2-letter code;
 * elsewhere a camel-cased name.
 */
export function regionProblem(country: string, region: string): string | null {
  const value = region.trim();
  if (!value) return null;
  if (value.length > 64) return "Use at most 64 characters.";
  if (country === "US") {
    return Object.hasOwn(usRegions, value.toUpperCase()) ? null : "Choose a US state, or the whole country.";
  }
  if (camelCased.test(value)) return null;
  const suggestion = camelCaseRegion(value);
  return camelCased.test(suggestion)
    ? `Write it as one word with capitals: “${suggestion}”.`
    : "Write it as one word starting with a capital, such as NewSouthWales.";
}

/** Places compare without case, spaces or punctuation ("New South Wales" is NewSouthWales: docs/contract.md#pricing). */
export function sameName(a: string | null | undefined, b: string | null | undefined): boolean {
  return squash(a) === squash(b);
}

export function squash(text: string | null | undefined): string {
  return (text ?? "").toLowerCase().replace(/[^\p{L}\p{N}]+/gu, "");
}

/** One key per place, for finding the same place twice. */
export function placeKey(country: string, region: string | null | undefined): string {
  return `${squash(country)}/${squash(region)}`;
}

/**
 * A camel-cased region in words, for people to read (docs/contract.md#shipping): split before each capital
 * that follows a small letter ("NewSouthWales" → "New South Wales"). Anything else (a US code, one word)
 * is unchanged. It reads no list of names, so that pages showing places do not carry the picker's lists.
 */
export function regionWords(region: string): string {
  return region.replace(/(\p{Ll}|\p{M})(?=\p{Lu})/gu, "$1 ");
}
