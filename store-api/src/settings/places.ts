import { z } from "zod";

/**
 * Places, as shipping destinations and tax rules name them
 * (docs/contract.md#shipping): a country by its ISO 3166-1 alpha-2 code, and
 * maybe a region: a US state's (or territory's) 2-letter USPS code in the
 * United States, a camel-cased name elsewhere ("NewSouthWales").
 *
 * `Intl.DisplayNames` names unassigned and reserved codes too (EU, UK, XK…),
 * so it cannot tell a country code from another: the lists are here.
 */

/** The 249 officially assigned ISO 3166-1 alpha-2 codes. */
export const COUNTRY_CODES: ReadonlySet<string> = new Set(
  `AD AE AF AG AI AL AM AO AQ AR AS AT AU AW AX AZ
  BA BB BD BE BF BG BH BI BJ BL BM BN BO BQ BR BS BT BV BW BY BZ
  CA CC CD CF CG CH CI CK CL CM CN CO CR CU CV CW CX CY CZ
  DE DJ DK DM DO DZ
  EC EE EG EH ER ES ET
  FI FJ FK FM FO FR
  GA GB GD GE GF GG GH GI GL GM GN GP GQ GR GS GT GU GW GY
  HK HM HN HR HT HU
  ID IE IL IM IN IO IQ IR IS IT
  JE JM JO JP
  KE KG KH KI KM KN KP KR KW KY KZ
  LA LB LC LI LK LR LS LT LU LV LY
  MA MC MD ME MF MG MH MK ML MM MN MO MP MQ MR MS MT MU MV MW MX MY MZ
  NA NC NE NF NG NI NL NO NP NR NU NZ
  OM
  PA PE PF PG PH PK PL PM PN PR PS PT PW PY
  QA
  RE RO RS RU RW
  SA SB SC SD SE SG SH SI SJ SK SL SM SN SO SR SS ST SV SX SY SZ
  TC TD TF TG TH TJ TK TL TM TN TO TR TT TV TW TZ
  UA UG UM US UY UZ
  VA VC VE VG VI VN VU
  WF WS
  YE YT
  ZA ZM ZW`.split(/\s+/),
);

/** The regions of the United States: the 50 states, DC, and the territories (USPS codes). */
export const US_REGIONS: ReadonlySet<string> = new Set(
  `AL AK AZ AR CA CO CT DE FL GA HI ID IL IN IA KS KY LA ME MD MA MI MN MS MO MT NE NV NH NJ NM
  NY NC ND OH OK OR PA RI SC SD TN TX UT VT VA WA WV WI WY
  DC
  AS GU MP PR UM VI`.split(/\s+/),
);

/** A camel-cased region name: words run together, each starting with a capital ("NewSouthWales", "ÎleDeFrance"). */
const CAMEL_CASED = /^\p{Lu}[\p{L}\p{M}\p{N}]*$/u;

/** The camel-cased form of a name, to suggest it ("new south wales" → "NewSouthWales"). */
function camelCase(name: string): string {
  return name
    .split(/[^\p{L}\p{M}\p{N}]+/u)
    .filter(Boolean)
    .map((w) => w[0]!.toUpperCase() + w.slice(1))
    .join("");
}

export const COUNTRY_MESSAGE = "must be a 2-letter ISO 3166-1 country code, such as US or DE";

/** A country code; lower case is taken and stored upper case. */
export const countryField = z
  .string({ error: "must be a string" })
  .trim()
  .toUpperCase()
  .refine((code) => COUNTRY_CODES.has(code), { error: COUNTRY_MESSAGE })
  .meta({ description: "A 2-letter ISO 3166-1 country code (US, DE, …)." });

export const regionDescription =
  'A US state or territory by its 2-letter code (CA) in the US, a camel-cased name elsewhere ("NewSouthWales"); null or empty for the whole country.';

/**
 * The region as stored for the country, or why it is not one (a sentence
 * completing "region …"). US codes are taken in any case and stored upper case.
 */
export function checkRegion(country: string, region: string): { region: string } | { problem: string } {
  const value = region.trim();
  if (value.length > 64) return { problem: "must be at most 64 characters" };
  if (country === "US") {
    const code = value.toUpperCase();
    if (US_REGIONS.has(code)) return { region: code };
    return { problem: "must be the 2-letter code of a US state or territory, such as CA or NY" };
  }
  if (CAMEL_CASED.test(value)) return { region: value };
  const suggestion = camelCase(value);
  return {
    problem:
      suggestion && CAMEL_CASED.test(suggestion)
        ? `must be a camel-cased name, such as "${suggestion}"`
        : 'must be a camel-cased name, such as "NewSouthWales"',
  };
}

/** Countries and regions compare without case, spaces or punctuation (docs/contract.md#pricing). */
export function placeKey(country: string, region: string | null): string {
  const squash = (s: string) => s.toLowerCase().replace(/[^\p{L}\p{N}]+/gu, "");
  return `${squash(country)}/${region === null ? "" : squash(region)}`;
}
