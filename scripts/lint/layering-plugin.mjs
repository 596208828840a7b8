// ESLint rules for what this repository's layers may import (docs/architecture.md#layers).
// `no-restricted-imports` matches import strings, but our rules depend on the
// importing file itself and on where an import really points: a module is
// client code when it says "use client" (or is one of lib/store's pure
// modules), wherever it lives; and "../../store-api/src/x" is the store's code
// however it is spelled. So they are written here, on paths resolved against
// the repository root.
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

/**
 * lib/store's pure modules, by role (docs/adding-a-resource.md): `model`
 * (types and pure functions), `input` (form schemas), `edit` (form values to
 * what is sent), each maybe for a part (`model-media`), of a resource or of
 * lib/store itself. Every other module under lib/store is the server's.
 */
const PURE_STORE_MODULE = /^lib\/store\/(?:[^/]+\/)?(?:model|input|edit)(?:-[a-z0-9-]+)?$/;

/**
 * Modules that hold the access token or reach the store: server-only by
 * design. Their types are refused too (but zod classic's): a type that a
 * client needs belongs in a pure module.
 */
const SERVER_ONLY = [
  [/^server-only$/, "server-only code"],
  [/^next\/headers$/, "request headers and cookies"],
  [/^lib\/store\/client$/, "the Store API client", { store: true }],
  [/^lib\/store\/(?:[^/]+\/)?api(?:-[a-z0-9-]+)?$/, "a resource's Store API calls", { store: true }],
  [
    /^lib\/store\/(?:[^/]+\/)?schema(?:-[a-z0-9-]+)?$/,
    "a resource's raw read schema (zod classic, for the server)",
    { store: true },
  ],
  [
    (p) => p.startsWith("lib/store/") && !PURE_STORE_MODULE.test(p),
    "server-side store code: only lib/store's model, input and edit modules are safe in the browser",
    { store: true },
  ],
  [/^lib\/(session|env|auth|route-handler)$/, "the session and its token"],
  [/^lib\/actions\/action$/, "the server-action wrapper"],
  // zod classic weighs ~50 kB in a page: forms and the browser use zod/mini.
  [/^zod$/, "zod classic; import zod/mini in the browser", { types: true }],
];

const matches = (test, p) => (typeof test === "function" ? test(p) : test.test(p));

function isClientSafe(context) {
  const file = path.relative(root, context.filename).split(path.sep).join("/");
  if (PURE_STORE_MODULE.test(withoutExtension(file))) return "a client-safe lib/store module";
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
    const file = path.relative(root, context.filename).split(path.sep).join("/");
    // A component that renders on the server gets its data by props: it may not reach for the store either.
    const what = isClientSafe(context) ?? (file.startsWith("components/") ? "a component" : null);
    if (!what) return {};
    const forbidden = what === "a component" ? SERVER_ONLY.filter(([, , opts]) => opts?.store) : SERVER_ONLY;
    const check = (node) => {
      if (!node.source || typeof node.source.value !== "string") return;
      const typeOnly = node.importKind === "type" || node.exportKind === "type";
      const resolved = withoutExtension(target(node.source.value, context.filename));
      const hit = forbidden.find(([test, , opts]) => matches(test, resolved) && !(typeOnly && opts?.types));
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

/**
 * The dashboard is a third-party client of any store that follows the
 * contract (docs/architecture.md): it never imports the bundled store's code,
 * types included, whatever the path's spelling.
 */
const noStoreCode = {
  meta: {
    type: "problem",
    docs: { description: "The dashboard must not import the bundled store's code (store-api/)." },
    messages: {
      forbidden:
        "The dashboard must not import {{source}}: it knows the store only through the contract (docs/contract.md) and lib/store/client.ts, never the bundled store's code (docs/architecture.md).",
    },
    schema: [],
  },
  create(context) {
    const check = (node) => {
      if (!node.source || typeof node.source.value !== "string") return;
      const resolved = target(node.source.value, context.filename);
      if (resolved === "store-api" || resolved.startsWith("store-api/")) {
        context.report({ node: node.source, messageId: "forbidden", data: { source: node.source.value } });
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
  rules: { "no-server-code-in-client": noServerCodeInClient, "no-store-code": noStoreCode },
};
export default plugin;
