import { describe, expect, it } from "vitest";
import { linksIn } from "./model";

describe("linksIn", () => {
  it("finds the links of a mail's text without the sentence's punctuation", () => {
    const text =
      "Set your password here (the link works once, for 7 days):\nhttp://localhost:4000/account/set-password?token=spw_a-b_c.\nThen sign in at http://localhost:3000.";
    expect(linksIn(text)).toEqual([
      "http://localhost:4000/account/set-password?token=spw_a-b_c",
      "http://localhost:3000",
    ]);
  });
  it("finds none in plain text", () => {
    expect(linksIn("No links here: mailto:a@b.c, ftp://x")).toEqual([]);
  });
});
