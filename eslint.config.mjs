// Lint for both halves: the Next.js and typescript-eslint recommended rules,
// Prettier's formatting left to Prettier, and the import rules that encode the
// layering of docs/architecture.md#layers.
import { defineConfig, globalIgnores } from "eslint/config";
import nextVitals from "eslint-config-next/core-web-vitals";
import nextTs from "eslint-config-next/typescript";
import prettier from "eslint-config-prettier/flat";
import layering from "./scripts/lint/layering-plugin.mjs";

// What a store route file (store-api/src/routes/**) may not import: it declares
// routes over its resource folder (src/<resource>/) and api/* (docs/adding-a-resource.md).
const ROUTE_FILE_LIMITS = [
  {
    group: ["**/db", "**/db/**", "**/db/*.js", "drizzle-orm", "drizzle-orm/*"],
    message:
      "Route files speak to the database only through their resource folder (src/<resource>/) or api/*: move the query there (docs/adding-a-resource.md).",
  },
  {
    group: ["zod", "zod/*"],
    message:
      "A route's schemas live in its resource folder (src/<resource>/schemas.ts), where the OpenAPI reference and the CLI find them too.",
  },
  {
    group: ["**/config.js", "**/app.js", "**/server.js", "**/cli.js", "**/routes/**"],
    message:
      "Route files take what they need from the Fastify instance (app.config, app.db) and never import each other or the app.",
  },
];

// Where React is: the dashboard's pages, components and the lib/ code they run (hooks), and Next's proxy.
const REACT_FILES = ["app/**/*.{ts,tsx}", "components/**/*.{ts,tsx}", "lib/**/*.{ts,tsx}", "proxy.ts"];
const isReactRule = (name) => /^(react|react-hooks|jsx-a11y|@next\/next)\//.test(name);

/**
 * Next's configs turn on the React, React Hooks (the React Compiler's rules among them), JSX a11y and
 * Next.js rules for every file; they apply to REACT_FILES only, so that the store, the scripts, the
 * benches and the e2e specs do not pay for them. Each config keeps its other rules (import, parser) as is.
 */
function reactRulesWhereReactIs(configs) {
  return configs.flatMap((config) => {
    const rules = Object.entries(config.rules ?? {});
    const react = rules.filter(([name]) => isReactRule(name));
    if (!react.length) return [config];
    return [
      { ...config, rules: Object.fromEntries(rules.filter(([name]) => !isReactRule(name))) },
      {
        name: `${config.name ?? "next"} (React files)`,
        files: REACT_FILES,
        ...(config.plugins ? { plugins: config.plugins } : {}),
        ...(config.settings ? { settings: config.settings } : {}),
        rules: Object.fromEntries(react),
      },
    ];
  });
}

export default defineConfig([
  globalIgnores([
    ".next/**",
    "out/**",
    "build/**",
    "next-env.d.ts",
    "store-api/dist/**",
    "store-api/drizzle/**",
    "bench/.out/**",
    "playwright-report/**",
    "test-results/**",
    ".data/**",
    ".cache/**",
    ".reports/**",
  ]),
  ...reactRulesWhereReactIs([...nextVitals, ...nextTs]),
  {
    rules: {
      "@typescript-eslint/no-unused-vars": [
        "error",
        { argsIgnorePattern: "^_", varsIgnorePattern: "^_", ignoreRestSiblings: true },
      ],
      // `any` needs a comment saying why (docs/architecture.md#habits): the disable comment is that place.
      "@typescript-eslint/no-explicit-any": "error",
    },
  },
  {
    plugins: { layering },
    files: REACT_FILES,
    rules: { "layering/no-server-code-in-client": "error", "layering/no-store-code": "error" },
  },
  {
    files: ["store-api/src/routes/**/*.ts"],
    rules: { "no-restricted-imports": ["error", { patterns: ROUTE_FILE_LIMITS }] },
  },
  {
    // oauth/ reads users; an account change that ends grants and sessions is accounts/changes.ts, above both.
    files: ["store-api/src/users/**/*.ts"],
    rules: {
      "no-restricted-imports": [
        "error",
        {
          patterns: [
            {
              group: ["**/oauth/**", "../oauth/*"],
              message:
                "users/ does not call oauth/ (oauth reads users): what a change of account ends beyond the users table goes in accounts/changes.ts, which calls both.",
            },
          ],
        },
      ],
    },
  },
  {
    // Feature components receive data and call server actions; the action
    // wrapper and the store's calls are the server's business.
    files: ["components/**/*.{ts,tsx}"],
    rules: {
      "no-restricted-imports": [
        "error",
        {
          patterns: [
            {
              group: ["@/lib/actions/action", "**/lib/actions/action"],
              message: "Components call the server actions of lib/actions/<resource>.ts, not the storeAction wrapper.",
            },
            {
              group: ["@/lib/store/client", "@/lib/store/*/api", "**/lib/store/client", "**/lib/store/*/api"],
              message:
                "Components get store data from their page (props) or a GET route handler, never from the store client.",
            },
          ],
        },
      ],
    },
  },
  prettier,
]);
