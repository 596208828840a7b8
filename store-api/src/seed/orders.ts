import { asc, inArray, ne } from "drizzle-orm";
import { type CouponDetail, listCoupons } from "../coupons/coupons.js";
import { type CouponForOrder, findCouponForOrder, recordCouponHit, redeemCoupon } from "../coupons/counting.js";
import { type OrderAddress, orderLines, orders, PAYMENT_GATEWAYS, products, shipments } from "../db/schema/index.js";
import { couponTerms, discountDescription, lineName, snapshot, unitPriceOf } from "../orders/orders.js";
import { type CartLine, type Destination, pickShippingOption, priceCart } from "../pricing/pricing.js";
import { shippingGroupTerms, taxGroupTerms } from "../pricing/terms.js";
import { type ProductDetail, productDetails } from "../products/products.js";
import type { SeedPart } from "./parts.js";
import { hashString, type Random, seededRandom } from "./random.js";

/**
 * The demo store's order history (docs/architecture.md#the-demo-store): a few
 * hundred storefront orders over the last 90 days, made of the catalogue's
 * products, options and extras, shipped to many countries and US states,
 * priced by the store's own pricing module (src/pricing/pricing.ts) with the
 * seeded shipping and tax groups and coupons (redeemed and counted through
 * src/coupons/counting.ts, as an order would). Mostly paid, some pending,
 * some failed; the older paid ones fulfilled, most with a shipment and a
 * tracking number. Each order has its own random stream (seed/random.ts),
 * so the history is the same on every run, only its times move with today.
 * The catalogue's stock is today's: these sales happened before it.
 */

/** Bump to reshuffle the history. */
const ORDERS_SEED = 18;
export const SEED_ORDER_COUNT = 320;

const DAY = 24 * 60 * 60;
const HISTORY_DAYS = 90;

/** Words of a list written one a line (or split by "|"), trimmed. */
const list = (text: string, by: string | RegExp = /\s+/) =>
  text
    .trim()
    .split(by)
    .map((w) => w.trim())
    .filter(Boolean);

const FIRST_NAMES = list(`Olivia Liam Emma Noah Ava Mateo Sofia Lucas Mia Ethan Amara Kenji Priya Arjun Chloé Jonas
  Freya Oskar Isabella Diego Aisha Omar Hannah Léa Tomás Ingrid Mei Hiroshi Zoe Caleb Nora Felix Grace Samuel Ana
  Marco Elena Kwame Fatima Ruby`);
const LAST_NAMES = list(`Smith Johnson Garcia Nguyen Müller Rossi Dubois Kowalski Tanaka Okafor Patel Kim Silva
  Andersson O'Brien Hernández Cohen Martin Walker Lopez Jensen Fischer Moreau Novak Sato Mensah Khan Bianchi Larsen
  Murphy`);
const STREETS = list(
  `Maple Avenue|Oak Street|Cedar Lane|Park Road|Hillcrest Drive|Lakeview Terrace|Elm Street|Sunset Boulevard|
  River Road|Orchard Way|Church Street|Mill Lane`,
  "|",
);

/** US places, "state city|ZIP prefix": the rest of the ZIP code is drawn. */
const US_PLACES = list(
  `CA Los Angeles|900; CA San Francisco|941; CA San Diego|921; NY New York|100; NY Brooklyn|112; NY Buffalo|142;
  TX Austin|787; TX Houston|770; TX Dallas|752; FL Miami|331; FL Orlando|328; WA Seattle|981; IL Chicago|606;
  PA Philadelphia|191; PA Pittsburgh|152; NJ Newark|071; MA Boston|021; GA Atlanta|303; CO Denver|802;
  TN Nashville|372; OR Portland|972; AZ Phoenix|850; MN Minneapolis|554; MI Detroit|482; OH Columbus|432;
  NC Charlotte|282; VA Richmond|232; MD Baltimore|212; WI Madison|537; UT Salt Lake City|841; NV Las Vegas|891;
  LA New Orleans|701; MO St. Louis|631; CT Hartford|061; VT Burlington|054; ME Portland|041; NM Santa Fe|875;
  AK Anchorage|995; HI Honolulu|968; DC Washington|200`,
  ";",
).map((entry) => {
  const [place = "", zip = ""] = entry.split("|");
  return { state: place.slice(0, 2), city: place.slice(3), zip };
});

/**
 * Places abroad, "country|region|city|postal code pattern" (# a digit, A a
 * letter); the region camel-cased where the store's rules would name one.
 */
const WORLD_PLACES = list(
  `CA|Ontario|Toronto|A#A #A#; CA|BritishColumbia|Vancouver|V#A #A#; CA|Quebec|Montréal|H#A #A#;
  MX|CiudadDeMexico|Ciudad de México|0####; GB||London|EC#A #AA; GB||Manchester|M# #AA; IE||Dublin|D0# A#A#;
  DE||Berlin|10###; DE||München|80###; FR||Paris|750##; FR||Lyon|6900#; NL||Amsterdam|10## AA; BE||Brussel|10##;
  ES||Madrid|280##; IT||Milano|201##; PT||Lisboa|1###-###; AT||Wien|1###; DK||København|1###;
  SE||Stockholm|11# ##; FI||Helsinki|00###; NO||Oslo|0###; CH||Zürich|80##; AU|NewSouthWales|Sydney|2###;
  AU|Victoria|Melbourne|3###; NZ||Auckland|10##; JP|Tokyo|Tokyo|1##-####; SG||Singapore|######;
  KR|Seoul|Seoul|0####`,
  ";",
).map((entry) => {
  const [country = "", region = "", city = "", pattern = ""] = entry.split("|");
  return { country, region, city, pattern };
});

const CARRIERS = {
  US: [
    ["USPS", ["Ground Advantage", "Priority Mail", "Priority Mail Express"]],
    ["UPS", ["UPS Ground", "UPS 2nd Day Air", "UPS Next Day Air"]],
    ["FedEx", ["FedEx Ground", "FedEx Home Delivery", "FedEx 2Day"]],
  ],
  world: [
    ["DHL", ["DHL Express Worldwide", "DHL eCommerce"]],
    ["UPS", ["UPS Worldwide Saver", "UPS Standard"]],
    ["FedEx", ["FedEx International Priority", "FedEx International Economy"]],
    ["USPS", ["Priority Mail International"]],
  ],
} as const satisfies Record<string, readonly (readonly [string, readonly string[]])[]>;

/** A postal code from a pattern: # a digit, A a letter. */
function fill(r: Random, pattern: string): string {
  return pattern.replace(/[#A]/g, (c) => (c === "#" ? String(r.int(0, 9)) : "ABCEGHJKLMNPRSTVWXY"[r.int(0, 18)]!));
}

const digits = (r: Random, n: number) => Array.from({ length: n }, () => r.int(0, 9)).join("");

/** A tracking number that looks like the carrier's. */
function trackingNumber(r: Random, carrier: string): string {
  const alnum = () => "0123456789ABCDEFGHJKLMNPRSTUVWXYZ"[r.int(0, 32)]!;
  switch (carrier) {
    case "UPS":
      return `1Z${Array.from({ length: 6 }, alnum).join("")}${digits(r, 10)}`;
    case "USPS":
      return `${r.pick(["9400", "9205", "9361"])}${digits(r, 18)}`;
    case "FedEx":
      return digits(r, 12);
    default:
      return digits(r, 10);
  }
}

const ascii = (s: string) =>
  s
    .normalize("NFKD")
    .replace(/[\u0300-\u036f]/g, "")
    .replace(/[^A-Za-z]/g, "")
    .toLowerCase();

function address(r: Random, i: number): OrderAddress {
  const first = r.pick(FIRST_NAMES);
  const last = r.pick(LAST_NAMES);
  const street = `${r.int(1, 2400)} ${r.pick(STREETS)}`;
  const street2 = r.chance(0.2) ? `Apt ${r.int(1, 40)}${r.pick(["", "A", "B"])}` : "";
  const email = `${ascii(first)}.${ascii(last)}${i % 7 === 0 ? r.int(1, 99) : ""}@${r.pick(["example.com", "example.org", "example.net"])}`;
  const phone = r.chance(0.7) ? `+1 555-01${digits(r, 2)}` : "";
  if (r.chance(0.62)) {
    const { state, city, zip } = r.pick(US_PLACES);
    const postal_code = `${zip}${digits(r, 2)}`;
    return {
      first_name: first,
      last_name: last,
      street1: street,
      street2,
      city,
      state,
      postal_code,
      country: "US",
      email,
      phone,
    };
  }
  const { country, region, city, pattern } = r.pick(WORLD_PLACES);
  return {
    first_name: first,
    last_name: last,
    street1: street,
    street2,
    city,
    state: region,
    postal_code: fill(r, pattern),
    country,
    email,
    phone: phone && country !== "US" ? `+${r.int(30, 65)} ${digits(r, 3)} ${digits(r, 4)}` : "",
  };
}

/** Whether every shipping group among these products ships to the address. */
function shipsTo(detail: ProductDetail, to: Destination): boolean {
  return !detail.shippingGroup || pickShippingOption(shippingGroupTerms(detail.shippingGroup), to) !== null;
}

interface DraftLine {
  detail: ProductDetail;
  option: ProductDetail["options"][number];
  extras: ProductDetail["extras"];
  quantity: number;
}

interface Draft {
  created: Date;
  address: OrderAddress;
  billing: OrderAddress;
  lines: DraftLine[];
  state: "paid" | "pending" | "failed";
  gateway: (typeof PAYMENT_GATEWAYS)[number];
  fulfilled: boolean;
  couponCode: string | null;
}

function pickLines(r: Random, catalogue: ProductDetail[], to: Destination): DraftLine[] {
  const fits = catalogue.filter((d) => shipsTo(d, to));
  if (fits.length === 0) return [];
  const count = r.pick([1, 1, 1, 1, 2, 2, 2, 3, 3, 4]);
  const lines: DraftLine[] = [];
  for (let k = 0; k < count; k++) {
    const detail = r.pick(fits);
    const option = detail.options.length ? r.pick(detail.options) : detail.defaultOption;
    if (lines.some((l) => l.option.id === option.id)) continue;
    const extras = detail.extras.length && r.chance(0.22) ? [r.pick(detail.extras)] : [];
    lines.push({ detail, option, extras, quantity: r.pick([1, 1, 1, 1, 1, 2, 2, 3]) });
  }
  return lines;
}

/** The coupons customers use, by how they are named in the seed (seed/coupons.ts), with the codes to use. */
function couponChooser(coupons: CouponDetail[]) {
  const oneUse = coupons.find((c) => c.codes.length > 1 && c.codes.every((k) => k.type === "one_use"));
  const multi = coupons.filter((c) => c.codes.length === 1 && c.codes[0]!.type === "multi_use");
  let nextOneUse = 0;
  return (r: Random, created: Date, subtotal: number): string | null => {
    const valid = (c: CouponDetail) => c.coupon.startsAt <= created && created < c.coupon.endsAt;
    const candidates = multi.filter(
      (c) => valid(c) && (c.coupon.type !== "flat_discount" || subtotal >= (c.coupon.threshold ?? 0)),
    );
    if (oneUse && valid(oneUse) && r.chance(0.4) && nextOneUse < oneUse.codes.length) {
      return oneUse.codes[nextOneUse++]!.code;
    }
    return candidates.length ? r.pick(candidates).codes[0]!.code : null;
  };
}

function draft(
  r: Random,
  i: number,
  now: number,
  catalogue: ProductDetail[],
  chooseCoupon: ReturnType<typeof couponChooser>,
): Draft | null {
  // More orders lately than three months ago (a growing shop), at any time of day.
  const daysAgo = Math.floor(HISTORY_DAYS * Math.pow(r.next(), 1.3));
  const seconds = daysAgo * DAY + r.int(600, DAY - 1);
  const created = new Date((now - Math.min(seconds, HISTORY_DAYS * DAY)) * 1000);
  const shipTo = address(r, i);
  const to = { country: shipTo.country, region: shipTo.state || null };
  const lines = pickLines(r, catalogue, to);
  if (lines.length === 0) return null;
  const recent = daysAgo < 4;
  const roll = r.next();
  const state = roll < (recent ? 0.7 : 0.88) ? "paid" : roll < (recent ? 0.9 : 0.94) ? "pending" : "failed";
  const gateway = r.pick([
    "stripe",
    "stripe",
    "stripe",
    "stripe",
    "paypal",
    "paypal",
    "paypal",
    "square",
    "square",
    "authorize_net",
  ] as const);
  const fulfilled = state === "paid" && (recent ? r.chance(0.3) : r.chance(0.93));
  // Someone else pays now and then: a gift to the address.
  const billing = r.chance(0.12) ? address(r, i + 1000) : shipTo;
  const subtotal = lines.reduce(
    (sum, l) =>
      sum + (unitPriceOf(l.detail.product, l.option) + l.extras.reduce((s, e) => s + e.surcharge, 0)) * l.quantity,
    0,
  );
  const couponCode = r.chance(0.2) ? chooseCoupon(r, created, subtotal) : null;
  return { created, address: shipTo, billing, lines, state, gateway, fulfilled, couponCode };
}

export const ordersPart: SeedPart = {
  name: "orders",
  async run(ctx, tx) {
    const currency = ctx.currency;
    const rows = await tx.select().from(products).where(ne(products.status, "coming soon")).orderBy(asc(products.id));
    const catalogue = await productDetails(tx, rows);
    if (catalogue.length === 0) return "no orders (no products to order)";
    const coupons = await listCoupons(tx);
    const chooseCoupon = couponChooser(coupons);
    const now = Math.floor(Date.now() / 1000);

    const drafts: Draft[] = [];
    for (let i = 0; drafts.length < SEED_ORDER_COUNT && i < SEED_ORDER_COUNT * 3; i++) {
      const d = draft(seededRandom(ORDERS_SEED ^ hashString(`order ${i}`)), i, now, catalogue, chooseCoupon);
      if (d) drafts.push(d);
    }
    // Oldest first, so that order numbers grow with time.
    drafts.sort((a, b) => a.created.getTime() - b.created.getTime());

    const values: (typeof orders.$inferInsert)[] = [];
    const lineValues: Omit<typeof orderLines.$inferInsert, "orderNumber">[][] = [];
    const shipmentValues: Omit<typeof shipments.$inferInsert, "orderNumber">[][] = [];
    let couponOrders = 0;
    for (const [i, d] of drafts.entries()) {
      const r = seededRandom(ORDERS_SEED ^ hashString(`order ${i} money`));
      // A code is redeemed by the orders that were paid or are being paid; a failed payment only tried it.
      let coupon: CouponForOrder | null = null;
      if (d.couponCode) {
        await recordCouponHit(tx, d.couponCode);
        if (d.state !== "failed") {
          coupon = await redeemCoupon(tx, await findCouponForOrder(tx, d.couponCode, d.created));
          couponOrders++;
        }
      }
      const cart: CartLine[] = d.lines.map((l) => ({
        unitPrice: unitPriceOf(l.detail.product, l.option),
        quantity: l.quantity,
        extras: l.extras.reduce((s, e) => s + e.surcharge, 0),
        weight:
          (l.option.weight > 0 ? l.option.weight : l.detail.product.weight) +
          l.extras.reduce((w, e) => w + e.weight, 0),
        shippingGroup: l.detail.shippingGroup ? shippingGroupTerms(l.detail.shippingGroup) : null,
        taxGroup: l.detail.taxGroup ? taxGroupTerms(l.detail.taxGroup) : null,
      }));
      const priced = priceCart({
        lines: cart,
        destination: { country: d.address.country, region: d.address.state || null },
        coupon: coupon ? couponTerms(coupon.coupon) : null,
      });
      values.push({
        currency,
        billingAddress: d.billing,
        shippingAddress: d.address,
        couponId: coupon?.coupon.id ?? null,
        couponCode: coupon?.code.code ?? null,
        couponName: coupon?.coupon.name ?? null,
        couponType: coupon?.coupon.type ?? null,
        discount: coupon ? discountDescription(coupon.coupon, currency) : null,
        discountAmount: priced.discount,
        subtotal: priced.subtotal,
        shipping: priced.shipping,
        tax: priced.tax,
        total: priced.total,
        fulfilled: d.fulfilled,
        paymentState: d.state,
        paymentGateway: d.gateway,
        createdAt: d.created,
        updatedAt: d.created,
      });
      lineValues.push(
        d.lines.map((l, n) => ({
          position: n + 1,
          productId: l.detail.product.id,
          optionId: l.option.id,
          name: lineName(l.detail.product.name, l.option),
          unitPrice: cart[n]!.unitPrice,
          quantity: l.quantity,
          extrasPrice: cart[n]!.extras ?? 0,
          total: priced.lines[n]!.total,
          option: snapshot(l.option),
          extras: l.extras.map(snapshot),
        })),
      );
      // Fulfilled orders of goods that ship have a label, a day or two later; now and then a second parcel.
      const ships = d.fulfilled && d.lines.some((l) => l.detail.shippingGroup);
      const parcels = ships ? (r.chance(0.08) ? 2 : r.chance(0.06) ? 0 : 1) : 0;
      const domestic = d.address.country === "US";
      shipmentValues.push(
        Array.from({ length: parcels }, () => {
          const label = new Date(d.created.getTime() + r.int(2 * 3600, 2 * DAY) * 1000);
          const carriers: readonly (readonly [string, readonly string[]])[] = domestic ? CARRIERS.US : CARRIERS.world;
          const [carrier, services] = r.pick(carriers);
          const cost = Math.max(
            Math.round((priced.shippingCharged / parcels) * (0.55 + r.next() * 0.35)),
            domestic ? 480 : 1450,
          );
          return {
            labelCreated: label,
            shipDate: new Date(label.getTime() + r.int(0, 1) * DAY * 1000).toISOString().slice(0, 10),
            carrier,
            service: r.pick(services),
            trackingNumber: trackingNumber(r, carrier),
            shippingCost: cost,
          };
        }),
      );
    }

    // In bulk: one statement per 1,000 rows of each table.
    const numbers: number[] = [];
    for (let start = 0; start < values.length; start += 1000) {
      const made = await tx
        .insert(orders)
        .values(values.slice(start, start + 1000))
        .returning({ number: orders.number, createdAt: orders.createdAt });
      numbers.push(...made.map((m) => m.number));
    }
    // The numbers follow the rows in the order they were given; made sure of rather than assumed.
    const stored = await tx
      .select({ number: orders.number, createdAt: orders.createdAt })
      .from(orders)
      .where(inArray(orders.number, numbers))
      .orderBy(asc(orders.number));
    if (stored.some((s, i) => s.number !== numbers[i] || s.createdAt.getTime() !== values[i]!.createdAt!.getTime())) {
      throw new Error("The seeded orders did not get their numbers in order");
    }
    const lines = lineValues.flatMap((ls, i) => ls.map((l) => ({ ...l, orderNumber: numbers[i]! })));
    for (let start = 0; start < lines.length; start += 1000)
      await tx.insert(orderLines).values(lines.slice(start, start + 1000));
    const sent = shipmentValues.flatMap((ss, i) => ss.map((s) => ({ ...s, orderNumber: numbers[i]! })));
    for (let start = 0; start < sent.length; start += 1000)
      await tx.insert(shipments).values(sent.slice(start, start + 1000));

    const count = (state: string) => drafts.filter((d) => d.state === state).length;
    const fulfilled = drafts.filter((d) => d.fulfilled).length;
    const countries = new Set(drafts.map((d) => d.address.country)).size;
    return (
      `${drafts.length} orders over the last ${HISTORY_DAYS} days (${count("paid")} paid, ${count("pending")} pending, ` +
      `${count("failed")} failed; ${fulfilled} fulfilled, ${sent.length} shipments; ${couponOrders} with a coupon; ` +
      `to ${countries} countries)`
    );
  },
};
