// The anchors of the project's Markdown documents, and the citations of them (docs/architecture.md#habits:
// code cites docs/, never a file outside the repository). scripts/docs-anchors.test.ts checks that every
// citation lands on a heading.
import fs from "node:fs";
import path from "node:path";
import { repositoryFiles } from "./repository-files.mjs";

/** A heading's anchor as GitHub makes it: lower case, code and link marks dropped, punctuation gone, spaces to hyphens. */
export function headingSlug(text) {
  return text
    .trim()
    .toLowerCase()
    .replace(/\[([^\]]*)\]\([^)]*\)/g, "$1")
    .replace(/[^\p{L}\p{N}\s_-]/gu, "")
    .replace(/\s/g, "-");
}

/** Every anchor of a Markdown text's headings (outside code fences); a repeated one gets -1, -2…, as on GitHub. */
export function markdownAnchors(text) {
  const anchors = new Set();
  const seen = new Map();
  let fenced = false;
  for (const line of text.split("\n")) {
    if (/^\s*(```|~~~)/.test(line)) fenced = !fenced;
    if (fenced) continue;
    const heading = /^#{1,6}\s+(.*?)\s*#*\s*$/.exec(line);
    if (!heading) continue;
    const slug = headingSlug(heading[1]);
    const n = seen.get(slug) ?? 0;
    seen.set(slug, n + 1);
    anchors.add(n ? `${slug}-${n}` : slug);
  }
  return anchors;
}

const SOURCE = /\.(ts|tsx|mts|mjs|js|css|sql|md)$/;

/**
 * Every citation of a document's anchor under `root`: `docs/<name>.md#<anchor>` anywhere, and in
 * Markdown files their own links (`](#anchor)`, `](other.md#anchor)`), each as the file that cites, the
 * document it names and the anchor.
 */
export function* anchorCitations(root) {
  for (const from of repositoryFiles(root, (name) => SOURCE.test(name))) {
    const file = path.join(root, from);
    const text = fs.readFileSync(file, "utf8");
    for (const m of text.matchAll(/docs\/([\w.-]+\.md)#([\w%-]+)/g))
      yield { from, doc: path.join("docs", m[1]), anchor: m[2] };
    if (!file.endsWith(".md")) continue;
    for (const m of text.matchAll(/\]\(([\w./-]*\.md)?#([\w%-]+)\)/g)) {
      const doc = m[1] ? path.relative(root, path.resolve(path.dirname(file), m[1])) : from;
      yield { from, doc, anchor: m[2] };
    }
  }
}

/** The citations under `root` whose document or anchor does not exist, as lines `file: doc#anchor`. */
export function brokenAnchors(root) {
  const anchors = new Map();
  const broken = [];
  for (const { from, doc, anchor } of anchorCitations(root)) {
    const full = path.join(root, doc);
    if (!anchors.has(doc))
      anchors.set(doc, fs.existsSync(full) ? markdownAnchors(fs.readFileSync(full, "utf8")) : null);
    const known = anchors.get(doc);
    if (!known) broken.push(`${from}: ${doc}#${anchor} (no such document)`);
    else if (!known.has(decodeURIComponent(anchor))) broken.push(`${from}: ${doc}#${anchor}`);
  }
  return [...new Set(broken)];
}
