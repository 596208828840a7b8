// ESLint rules for what this repository's layers may import (docs/architecture.md#layers).
// `no-restricted-imports` matches import strings, but two of our rules depend on
// the importing file itself: a module is client code when it says "use client"
// (or is one of lib/store's client-safe files), wherever it lives; so they are
// written here, on paths resolved against the repository root.
import path from "node:path";
import { fileURLToPath } from "node:url";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../..");

/** The import's target as a repository path ("lib/store/users/api"), or the bare package name. */
function target(source, filename) {
  if (source.startsWith("@/")) return source.slice(2);
  if (source.startsWith(".")) {
    return path
      .relative(root, path.resolve(path.dirname(filename), source))
      .split(path.sep)
      .join("/");
  }
  return source;
}

const withoutExtension = (p) => p.replace(/\.(m?[jt]sx?)$/, "");

/** Modules that hold the access token or reach the store: server-only by design. */
const SERVER_ONLY = [
  [/^server-only$/, "server-only code"],
  [/^next\/headers$/, "request headers and cookies"],
  [/^lib\/store\/client$/, "the Store API client"],
  [/^lib\/store\/(load|oauth|shapes)$/, "server-side store plumbing"],
  [/^lib\/store\/[^/]+\/api$/, "a resource's Store API calls"],
  [/^lib\/store\/[^/]+\/schema$/, "a resource's raw read schema (zod classic, for the server)"],
  [/^lib\/(session|env|auth|route-handler)$/, "the session and its token"],
  [/^lib\/actions\/action$/, "the server-action wrapper"],
  // zod classic weighs ~50 kB in a page: forms and the browser use zod/mini.
  [/^zod$/, "zod classic; import zod/mini in the browser"],
];

function isClientSafe(context) {
  const file = path.relative(root, context.filename).split(path.sep).join("/");
  if (/^lib\/store\/[^/]+\/(model|input)\.ts$/.test(file)) return "a client-safe lib/store module";
  const body = context.sourceCode.ast.body;
  for (const node of body) {
    if (node.type !== "ExpressionStatement" || typeof node.directive !== "string") break;
    if (node.directive === "use client") return "a client component";
  }
  return null;
}

const noServerCodeInClient = {
  meta: {
    type: "problem",
    docs: { description: "Client components and client-safe modules must not import server-only modules." },
    messages: {
      forbidden:
        "{{what}} must not import {{source}} ({{kind}}). The browser never sees the store's token: read through a GET route handler under app/api/, write through a server action (docs/architecture.md#layers).",
    },
    schema: [],
  },
  create(context) {
    const what = isClientSafe(context);
    if (!what) return {};
    const check = (node) => {
      if (!node.source || typeof node.source.value !== "string") return;
      if (node.importKind === "type" || node.exportKind === "type") return;
      const resolved = withoutExtension(target(node.source.value, context.filename));
      const hit = SERVER_ONLY.find(([re]) => re.test(resolved));
      if (hit) {
        context.report({
          node: node.source,
          messageId: "forbidden",
          data: { what: what[0].toUpperCase() + what.slice(1), source: node.source.value, kind: hit[1] },
        });
      }
    };
    return {
      ImportDeclaration: check,
      ExportNamedDeclaration: check,
      ExportAllDeclaration: check,
      ImportExpression: check,
    };
  },
};

const plugin = {
  meta: { name: "layering" },
  rules: { "no-server-code-in-client": noServerCodeInClient },
};
export default plugin;
