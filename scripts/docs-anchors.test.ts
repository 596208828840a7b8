import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
// @ts-expect-error -- a plain ES module of the scripts, without types
import { brokenAnchors, headingSlug, markdownAnchors } from "./lib/doc-anchors.mjs";

/**
 * Every `docs/…#anchor` the code and the documents cite lands on a heading (code cites docs/ for the
 * rules it follows: a citation that leads nowhere is a rule nobody can find).
 */
const root = path.resolve(import.meta.dirname, "..");

describe("the documents' anchors", () => {
  it("every citation of a document's anchor in the repository exists", () => {
    expect(brokenAnchors(root)).toEqual([]);
  });

  it("makes anchors as GitHub does", () => {
    expect(headingSlug("Tables")).toBe("tables");
    expect(headingSlug("A client's share of the database")).toBe("a-clients-share-of-the-database");
    expect(headingSlug("Key–value editor")).toBe("keyvalue-editor");
    expect(headingSlug("Button: `button.tsx`")).toBe("button-buttontsx");
    expect(headingSlug("Replace-all and item errors (shipping options, tax rules)")).toBe(
      "replace-all-and-item-errors-shipping-options-tax-rules",
    );
    expect([...markdownAnchors("# Top\n## Notes\n```\n## Not a heading\n```\n### Notes\n")]).toEqual([
      "top",
      "notes",
      "notes-1",
    ]);
  });

  it("finds a citation that leads nowhere, in code and in a document's own links", () => {
    // Cited by pieces, so that this file cites nothing itself.
    const cite = (doc: string, anchor: string) => ["docs", `${doc}.md#${anchor}`].join("/");
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), "doc-anchors-"));
    try {
      fs.mkdirSync(path.join(dir, "docs"));
      fs.mkdirSync(path.join(dir, "lib"));
      fs.writeFileSync(
        path.join(dir, "docs", "guide.md"),
        "# Guide\n## Tables\nSee [menus](#menus) and [x](other.md#top).\n",
      );
      fs.writeFileSync(
        path.join(dir, "lib", "a.ts"),
        `// ${cite("guide", "tables")} and ${cite("guide", "select")}, ${cite("gone", "x")}\n`,
      );
      expect(brokenAnchors(dir).sort()).toEqual(
        [
          `docs/guide.md: ${cite("guide", "menus")}`,
          `docs/guide.md: ${cite("other", "top")} (no such document)`,
          `lib/a.ts: ${cite("gone", "x")} (no such document)`,
          `lib/a.ts: ${cite("guide", "select")}`,
        ].sort(),
      );
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
});
