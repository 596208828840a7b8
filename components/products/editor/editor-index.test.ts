import { describe, expect, it } from "vitest";
import { currentSection, editorSections } from "./editor-index";

describe("editorSections", () => {
  it("puts the pictures right after the basics", () => {
    const ids = editorSections({ creating: false, canEdit: true, hasMedia: true }).map((s) => s.id);
    expect(ids.slice(0, 3)).toEqual(["basics", "product-media", "pricing"]);
    expect(ids.at(-1)).toBe("delete");
  });

  it("leaves out what the page does not show", () => {
    const readOnly = editorSections({ creating: false, canEdit: false, hasMedia: true }).map((s) => s.id);
    expect(readOnly).not.toContain("metadata");
    expect(readOnly).not.toContain("delete");
    const creating = editorSections({ creating: true, canEdit: true, hasMedia: true });
    expect(creating.find((s) => s.id === "product-media")?.label).toBe("Images");
    expect(creating.map((s) => s.id)).not.toContain("delete");
  });
});

describe("currentSection", () => {
  const tops = [
    { id: "basics", top: -400 },
    { id: "product-media", top: -20 },
    { id: "pricing", top: 300 },
  ];
  it("is the last section whose top has passed the line", () => {
    expect(currentSection(tops, 100)).toBe("product-media");
    expect(currentSection(tops, 400)).toBe("pricing");
    expect(currentSection([{ id: "basics", top: 200 }, ...tops.slice(1)], 100)).toBe("basics");
    expect(currentSection([], 100)).toBeNull();
  });
});
