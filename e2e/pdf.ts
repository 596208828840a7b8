/**
 * What a PDF made by Chromium's `page.pdf({ outline: true })` holds, read
 * without a PDF library: its pages (the page tree's `/Kids`, in order) and its
 * outline, one entry per heading of the printed page with the page it lands
 * on. Chromium (Skia) writes these dictionaries uncompressed; only the page
 * contents are compressed, and they are not read here.
 */

export interface PdfHeading {
  title: string;
  /** Zero-based page index. */
  page: number;
}

function objectText(pdf: string, id: string): string {
  const start = pdf.search(new RegExp(`(^|\\s)${id} 0 obj\\b`));
  if (start < 0) throw new Error(`the PDF has no object ${id}`);
  return pdf.slice(start, pdf.indexOf("endobj", start));
}

/** A PDF string: a literal `(…)` with its escapes, or `<FEFF…>` hex in UTF-16BE. */
function pdfString(raw: string): string {
  if (raw.startsWith("<")) {
    const hex = raw.slice(1, -1).replace(/\s/g, "");
    const bytes = Buffer.from(hex, "hex");
    if (bytes[0] === 0xfe && bytes[1] === 0xff) {
      const swapped = Buffer.from(bytes.subarray(2));
      swapped.swap16();
      return swapped.toString("utf16le");
    }
    return bytes.toString("latin1");
  }
  return raw.slice(1, -1).replace(/\\([()\\])/g, "$1");
}

export function readPdf(buffer: Buffer): { pages: number; headings: PdfHeading[] } {
  const pdf = buffer.toString("latin1");
  const catalog = /\/Type\s*\/Catalog\b[^]*?\/Pages\s+(\d+) 0 R/.exec(pdf);
  if (!catalog) throw new Error("the PDF has no catalog");
  // The page tree, depth first: the pages' object numbers in reading order.
  const pageIds: string[] = [];
  const walk = (id: string) => {
    const text = objectText(pdf, id);
    if (/\/Type\s*\/Pages\b/.test(text)) {
      const kids = /\/Kids\s*\[([^\]]*)\]/.exec(text)?.[1] ?? "";
      for (const kid of kids.matchAll(/(\d+) 0 R/g)) walk(kid[1]!);
    } else pageIds.push(id);
  };
  walk(catalog[1]!);
  const headings = [...pdf.matchAll(/\/Title\s*(\((?:[^()\\]|\\.)*\)|<[0-9A-Fa-f\s]*>)\s*\/Dest\s*\[(\d+) 0 R/g)].map(
    (match) => ({ title: pdfString(match[1]!), page: pageIds.indexOf(match[2]!) }),
  );
  return { pages: pageIds.length, headings };
}
