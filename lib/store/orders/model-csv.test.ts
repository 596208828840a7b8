import { describe, expect, it } from "vitest";
import { csvCell } from "../../csv";
import { moneyText } from "../../money";
import { orderCsvRow, ordersCsvRows, ordersCsvStart } from "./model-csv";
import { csvRecordCounter, ordersCsvFileName } from "./model-export";
import type { OrderSummary } from "./model";

const order: OrderSummary = {
  number: 1042,
  customId: '=HYPERLINK("http://evil")',
  created: Date.UTC(2026, 10, 24, 9, 30) / 1000,
  currency: "USD",
  customer: "Ada, Countess Lovelace",
  email: "ada@example.com",
  country: "GB",
  total: 123450,
  paymentState: "paid",
  paymentGateway: null,
  paymentGatewayKnown: true,
  fulfilled: false,
  cancelled: false,
  itemCount: 3,
  url: null,
};

describe("orders as CSV", () => {
  it("starts with the byte-order mark and the header", () => {
    expect(ordersCsvStart()).toBe(
      "\uFEFForder number,created,customer,email,country,items,total,currency,payment state,payment gateway,fulfilment,custom id\r\n",
    );
  });

  it("writes a row with quoting, exact money and the formula guard", () => {
    expect(orderCsvRow(order)).toBe(
      `1042,2026-11-24T09:30:00.000Z,"Ada, Countess Lovelace",ada@example.com,GB,3,1234.50,USD,Paid,API order,Unfulfilled,"'=HYPERLINK(""http://evil"")"`,
    );
    expect(
      orderCsvRow({ ...order, paymentGatewayKnown: false, paymentGateway: null, cancelled: true, created: null }),
    ).toMatch(/^1042,,.*,Paid,,Cancelled,/);
    expect(ordersCsvRows([order, { ...order, number: 7 }]).split("\r\n")).toHaveLength(3);
  });

  it("guards every cell a spreadsheet would run", () => {
    for (const start of ["=", "+", "-", "@", "\t", "\r"]) expect(csvCell(`${start}A1`)).toMatch(/^"?'/);
    expect(csvCell("plain")).toBe("plain");
    expect(csvCell('say "hi"')).toBe('"say ""hi"""');
    expect(csvCell("two\nlines")).toBe('"two\nlines"');
  });

  it("writes amounts in the currency's minor digits", () => {
    expect(moneyText(5, "USD")).toBe("0.05");
    expect(moneyText(0, "USD")).toBe("0.00");
    expect(moneyText(1500, "JPY")).toBe("1500");
    expect(moneyText(12345, "KWD")).toBe("12.345");
    expect(moneyText(-250, "EUR")).toBe("-2.50");
  });

  it("counts records across chunks, not line breaks inside quotes", () => {
    const counter = csvRecordCounter();
    const text = ordersCsvStart() + ordersCsvRows([{ ...order, customer: 'Line\r\nbreak "quoted"' }, order]);
    let last = 0;
    for (let i = 0; i < text.length; i += 7) last = counter.push(text.slice(i, i + 7));
    expect(last).toBe(3);
    expect(counter.records).toBe(3);
  });

  it("names the file after the tab, the filter and the day", () => {
    expect(ordersCsvFileName("unfulfilled", "2026-11-24")).toBe("orders-unfulfilled-2026-11-24.csv");
    expect(ordersCsvFileName("all", "2026-11-24", "2026-11-01")).toBe("orders-all-since-2026-11-01-2026-11-24.csv");
  });
});
