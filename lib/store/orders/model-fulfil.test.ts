import { describe, expect, it } from "vitest";
import { fulfilShipmentInput } from "./input-fulfil";
import { fulfilFields, fulfilNotifyText, readFulfilmentOffer } from "./model-fulfil";

describe("what a store takes with a fulfilment (X-Order-Fulfilment)", () => {
  it("reads the words of the header, any case, unknown ones ignored", () => {
    expect(readFulfilmentOffer("shipment, notify")).toEqual({ shipment: true, notify: true });
    expect(readFulfilmentOffer(" Notify ,gift-wrap")).toEqual({ shipment: false, notify: true });
    expect(readFulfilmentOffer("shipments")).toEqual({ shipment: false, notify: false });
  });

  it("takes nothing more from a store that says nothing", () => {
    expect(readFulfilmentOffer(null)).toEqual({ shipment: false, notify: false });
    expect(readFulfilmentOffer("")).toEqual({ shipment: false, notify: false });
  });
});

describe("the store's fields of a fulfilment", () => {
  it("sends fulfilled=true and only what was entered, trimmed", () => {
    expect(fulfilFields()).toEqual({ fulfilled: true });
    expect(fulfilFields({ carrier: " UPS ", service: "", tracking_number: "1Z 99", notify: false })).toEqual({
      fulfilled: true,
      carrier: "UPS",
      tracking_number: "1Z 99",
      notify: false,
    });
    expect(fulfilFields({ carrier: "  ", notify: true })).toEqual({ fulfilled: true, notify: true });
  });
});

describe("the dialog's sentence about the customer's e-mail", () => {
  it("follows the choice to notify", () => {
    expect(fulfilNotifyText({ email: "ana@example.com", notify: true })).toBe(
      "Your store may e-mail the customer (ana@example.com) that the order is on its way. Undoing the fulfilment does not take that e-mail back.",
    );
    expect(fulfilNotifyText({ email: "ana@example.com", notify: false })).toBe(
      "Your store will not e-mail the customer (ana@example.com) about it.",
    );
    expect(fulfilNotifyText({ notify: false })).toBe("Your store will not e-mail the customer about it.");
  });
});

describe("the dialog's fields (the form and the server action check the same)", () => {
  const check = (values: object) => fulfilShipmentInput.safeParse(values);

  it("takes empty fields (all optional) and trims what is entered", () => {
    expect(check({ carrier: "", service: "", tracking_number: "", notify: true }).success).toBe(true);
    expect(check({ carrier: "  DHL " }).data).toEqual({ carrier: "DHL" });
  });

  it("refuses more than 100 characters and characters that do not print, naming the field", () => {
    const long = check({ tracking_number: "1".repeat(101) });
    expect(long.error?.issues[0]).toMatchObject({
      path: ["tracking_number"],
      message: "Use at most 100 characters for the tracking number.",
    });
    expect(check({ carrier: "x".repeat(100) }).success).toBe(true);
    const tab = check({ service: "Next\tday" });
    expect(tab.error?.issues[0]).toMatchObject({
      path: ["service"],
      message: "Use letters, digits and punctuation only in the service.",
    });
  });
});
