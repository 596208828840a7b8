import { describe, expect, it } from "vitest";
import {
  altText,
  arrangeMoves,
  entryLabel,
  mergeMedia,
  orderForMove,
  parseImageLines,
  parseImageSources,
  precheckImage,
  refusedLineText,
  renumber,
  splitMedia,
  videoHost,
  withScheme,
} from "./model-media";
import type { ProductImage, ProductVideo } from "./model";

const image = (key: string, order: number | null = null): ProductImage => ({
  key,
  urls: { small: `https://store.test/media/${key}-small.jpg` },
  order,
});
const video = (key: string, order: number | null = null): ProductVideo => ({
  key,
  thumbnails: { small: `https://store.test/media/${key}-small.jpg` },
  type: "youtube",
  url: `https://youtu.be/${key}`,
  order,
});

describe("mergeMedia", () => {
  it("follows the shared order when the store gives it, videos among images", () => {
    const entries = mergeMedia({
      images: [image("a", 1), image("b", 3), image("c", 4)],
      videos: [video("v", 2)],
    });
    expect(entries.map((e) => `${e.kind}:${e.key}`)).toEqual(["image:a", "video:v", "image:b", "image:c"]);
  });

  it("without an order on every item: images in their order, then videos", () => {
    const entries = mergeMedia({ images: [image("a"), image("b", 1)], videos: [video("v", 1)] });
    expect(entries.map((e) => e.key)).toEqual(["a", "b", "v"]);
  });

  it("goes back to the two lists, positions renumbered 1..count", () => {
    const entries = mergeMedia({ images: [image("a", 1), image("b", 2)], videos: [video("v", 3)] });
    const moved = renumber([entries[2]!, entries[0]!, entries[1]!]);
    expect(moved.map((e) => e.order)).toEqual([1, 2, 3]);
    expect(splitMedia(moved)).toEqual({
      images: [
        { ...image("a"), order: 2 },
        { ...image("b"), order: 3 },
      ],
      videos: [{ ...video("v"), order: 1 }],
    });
  });
});

describe("orderForMove", () => {
  it("is the one-based position the item was dropped at", () => {
    // The third dragged to the front: PUT order=1 on it; the store shifts the others.
    expect(orderForMove(0)).toBe(1);
    expect(orderForMove(3)).toBe(4);
  });
});

describe("names and alt text", () => {
  const entries = mergeMedia({
    images: [image("a", 1), image("b", 2), image("c", 4), image("d", 5)],
    videos: [video("v", 3)],
  });

  it("names the product and the position among its kind", () => {
    expect(altText("Linen shirt", entries, entries[1]!)).toBe("Linen shirt, image 2 of 4");
    expect(altText("Linen shirt", entries, entries[3]!)).toBe("Linen shirt, image 3 of 4");
    expect(altText("Linen shirt", entries, entries[2]!)).toBe("Linen shirt, video 1 of 1 (YouTube)");
    expect(altText("  ", entries, entries[0]!)).toBe("Product, image 1 of 4");
  });

  it("labels items for the sortable list", () => {
    expect(entries.map((e) => entryLabel(entries, e))).toEqual(["image 1", "image 2", "video 1", "image 3", "image 4"]);
  });
});

describe("precheckImage", () => {
  const mb = 1024 * 1024;
  it("lets the five formats through up to 20 MB", () => {
    expect(precheckImage({ name: "a.png", size: 2 * mb, type: "image/png" })).toBeNull();
    expect(precheckImage({ name: "a.avif", size: 20 * mb, type: "image/avif" })).toBeNull();
    // No type from the browser: the name decides.
    expect(precheckImage({ name: "a.JPG", size: 10, type: "" })).toBeNull();
  });

  it("says why a file cannot go", () => {
    expect(precheckImage({ name: "a.pdf", size: 10, type: "application/pdf" })).toMatch(/^Not an image/);
    expect(precheckImage({ name: "a.svg", size: 10, type: "image/svg+xml" })).toMatch(/^Not an image/);
    expect(precheckImage({ name: "notes", size: 10, type: "" })).toMatch(/^Not an image/);
    expect(precheckImage({ name: "big.jpg", size: 20 * mb + 1, type: "image/jpeg" })).toBe(
      "Larger than 20 MB (20.0 MB): make it smaller first.",
    );
    expect(precheckImage({ name: "empty.png", size: 0, type: "image/png" })).toBe("The file is empty.");
  });
});

describe("parseImageLines", () => {
  it("reads one address per line (a space belongs to its line), each once", () => {
    expect(
      parseImageLines(
        " https://a.test/1.jpg\r\nhttp://b.test/my%20photo.png\nhttps://a.test/1.jpg\n\nimports/blue shirt.jpg ",
      ),
    ).toEqual({
      sources: ["https://a.test/1.jpg", "http://b.test/my%20photo.png", "imports/blue shirt.jpg"],
      refused: [],
      error: null,
    });
  });

  it("refuses a line that is neither an http(s) URL nor an image file of the import folder, with its reason; the rest may go", () => {
    const parsed = parseImageLines("https://example.invalid/one.jpg\nnot a url\nftp://a.test/1.jpg");
    expect(parsed.sources).toEqual(["https://example.invalid/one.jpg"]);
    expect(parsed.error).toBeNull();
    expect(parsed.refused.map(refusedLineText)).toEqual([
      "Line 2, “not a url”: not a web address (https://…) nor an image file in the store's import folder (such as shirts/blue.jpg).",
      "Line 3, “ftp://a.test/1.jpg”: not a web address: use one starting with https://.",
    ]);
  });

  it("names each kind of problem", () => {
    const reason = (line: string) => parseImageLines(line).refused[0]?.reason;
    expect(reason("javascript:alert(1)")).toMatch(/^not a web address/);
    expect(reason("https://")).toBe("not a valid web address.");
    expect(reason("https://user:secret@a.test/1.jpg")).toMatch(/user name or password/);
    expect(reason("../../etc/passwd.jpg")).toBe("it leaves the store's import folder.");
    expect(reason("www.example.com/mug.jpg")).toBe("this looks like a web address: start it with https://.");
    expect(reason("shop.example/mug.jpg")).toBe("this looks like a web address: start it with https://.");
    expect(reason("//cdn.test/mug.jpg")).toBe("this looks like a web address: start it with https://.");
    expect(reason("notes.txt")).toMatch(/^not a web address \(https:\/\/…\) nor an image file/);
    expect(reason(`https://a.test/${"x".repeat(2050)}`)).toMatch(/^too long/);
    expect(reason("mug.JPG")).toBeUndefined();
    expect(reason("2024.04/mug.webp")).toBeUndefined();
  });

  it("names what is wrong with the whole box", () => {
    expect(parseImageLines("  \n ").error).toBe("Enter the address of at least one image.");
    expect(parseImageLines(Array.from({ length: 21 }, (_, i) => `https://a.test/${i}.jpg`).join("\n")).error).toBe(
      "Enter at most 20 addresses at once.",
    );
  });

  it("parseImageSources: the first problem as a sentence", () => {
    expect(parseImageSources("https://a.test/1.jpg\nimports/2.png")).toEqual({
      sources: ["https://a.test/1.jpg", "imports/2.png"],
      error: null,
    });
    expect(parseImageSources("https://a.test/1.jpg https://a.test/2.jpg").error).toBe(
      "Line 1, “https://a.test/1.jpg https://a.test/2.jpg”: a web address has no spaces: put each address on a line of its own.",
    );
  });
});

describe("arrangeMoves", () => {
  const entries = (ids: string[]) =>
    mergeMedia({
      images: ids.filter((id) => !id.startsWith("v")).map((key) => image(key)),
      videos: [],
    });
  /** The sequence after the moves, as the store applies each `PUT order` (docs/contract.md#uploads). */
  const apply = (ids: string[], moves: { key: string; order: number }[]) => {
    const seq = [...ids];
    for (const move of moves) {
      seq.splice(seq.indexOf(move.key), 1);
      seq.splice(move.order - 1, 0, move.key);
    }
    return seq;
  };

  it("puts uploads that finished out of order back in the order chosen, in the places they hold", () => {
    const current = ["x", "c", "a", "b"];
    const moves = arrangeMoves(entries(current), ["a", "b", "c"]);
    expect(apply(current, moves)).toEqual(["x", "a", "b", "c"]);
    expect(moves).toEqual([
      { kind: "image", key: "a", order: 2 },
      { kind: "image", key: "b", order: 3 },
    ]);
  });

  it("leaves the others where they are, videos among them", () => {
    const media = mergeMedia({
      images: [image("b", 1), image("x", 2), image("a", 4)],
      videos: [video("v", 3)],
    });
    const moves = arrangeMoves(media, ["a", "b"]);
    const ids = media.map((e) => e.key);
    expect(apply(ids, moves)).toEqual(["a", "x", "v", "b"]);
  });

  it("does nothing when they are in order, and skips what was deleted meanwhile", () => {
    expect(arrangeMoves(entries(["a", "b", "c"]), ["a", "b", "c"])).toEqual([]);
    expect(apply(["c", "a"], arrangeMoves(entries(["c", "a"]), ["a", "gone", "c"]))).toEqual(["a", "c"]);
  });
});

describe("videoHost", () => {
  it("knows YouTube's and Vimeo's common forms", () => {
    for (const url of [
      "https://www.youtube.com/watch?v=dQw4w9WgXcQ",
      "https://youtube.com/watch?v=dQw4w9WgXcQ&t=42",
      "https://m.youtube.com/watch?v=dQw4w9WgXcQ",
      "https://youtu.be/dQw4w9WgXcQ",
      "youtu.be/dQw4w9WgXcQ",
      "https://www.youtube.com/embed/dQw4w9WgXcQ",
      "https://www.youtube.com/shorts/dQw4w9WgXcQ",
      "https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ",
    ]) {
      expect(videoHost(url), url).toBe("youtube");
    }
    for (const url of ["https://vimeo.com/76979871", "https://player.vimeo.com/video/76979871", "vimeo.com/76979871"]) {
      expect(videoHost(url), url).toBe("vimeo");
    }
  });

  it("refuses other hosts and pages that are no video", () => {
    for (const url of [
      "https://example.com/watch?v=dQw4w9WgXcQ",
      "https://www.youtube.com/",
      "https://www.youtube.com/watch",
      "https://vimeo.com/about",
      "https://notyoutube.com/watch?v=dQw4w9WgXcQ",
      "ftp://youtube.com/watch?v=dQw4w9WgXcQ",
      "",
    ]) {
      expect(videoHost(url), url).toBeNull();
    }
  });

  it("reads an address without a scheme as https", () => {
    expect(withScheme(" youtu.be/x ")).toBe("https://youtu.be/x");
    expect(withScheme("http://vimeo.com/1")).toBe("http://vimeo.com/1");
  });
});
