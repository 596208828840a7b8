import path from "node:path";
import { parseArgs } from "node:util";
import { bootstrapDashboardApp } from "./accounts/bootstrap.js";
import { PERMISSIONS, SCOPES, type Permission, type Scope } from "./auth/permissions.js";
import { configurePasswordHashing } from "./auth/secrets.js";
import { ConfigError, loadConfig, type StoreConfig } from "./config.js";
import { DataDirInUseError, gatherStatistics, openDatabase, type Database } from "./db/index.js";
import { ApiError } from "./api/errors.js";
import { databaseGeneration } from "./api/cache-generation.js";
import { ClientRegistrationError, createClient } from "./oauth/clients.js";
import { MAX_SEED_PRODUCTS, seedDemoStore, StoreNotEmptyError } from "./seed/index.js";
import { groupName } from "./settings/lists.js";
import { serializeTaxGroup } from "./tax/serialize.js";
import { deleteTaxGroup, lockTaxGroup, renameTaxGroup } from "./tax/tax-groups.js";
import { emailField, passwordField } from "./users/schemas.js";
import { serializeUser } from "./users/serialize.js";
import { createUser } from "./users/users.js";

const USAGE = `Usage: npm run store -- <command>

Commands:
  serve [--credentials FILE --redirect-uri URI …]
                                          start the Store API server; with --credentials, after what
                                          bootstrap does (without its seed), in the same process
  app create --name NAME --redirect-uri URI [--redirect-uri URI …] [--scopes "admin storefront"]
                                          register an OAuth application; prints {"client_id", "client_secret"}
  user create --email E [--password P] [--permissions p1,p2]
                                          create a store user (all permissions when omitted); prints the user
  bootstrap --redirect-uri URI --credentials FILE [--owner-email E] [--seed [--pictures-later]]
                                          first-start set-up used by \`npm start\`: an owner account and the
                                          dashboard's OAuth application, written to FILE (kept across starts);
                                          prints FILE's contents with the store's name (store_name); with
                                          --seed, a store it created also gets the demo store (as \`seed\`,
                                          its progress on stderr), and the JSON says what was added (seeded)
                                          or why not (seed_error); --pictures-later leaves the pictures and
                                          videos to background jobs that \`serve\` runs (npm start's first start)
  seed                                    add the demo store (66 products in several categories, with
                                          options, extras, pictures and videos; shipping and tax groups,
                                          coupons, and 320 orders of the last 90 days) to a store without
                                          products; a store that has products is left as it is (exit status 1)
  seed --products N [--media]             the same with N products in all (1 to ${MAX_SEED_PRODUCTS}) for tests, benches
                                          and demos of a big store: the demo's 66 first (or the first N), then
                                          products generated from their data (unique names, slugs and SKUs;
                                          varied prices, sales, statuses, options), without pictures or videos
                                          unless --media (drawing them is the slow part); 10,000 take some
                                          seconds, 100,000 a minute or so (\`npm run bench:seed\` times them)
  tax-group rename --id N --name NAME     rename a tax group (the API cannot); prints the group
  tax-group delete --id N                 delete a tax group and its rules (the API cannot); its products are
                                          left without a tax group

Configuration comes from the environment (see the README): STORE_API_DATA_DIR, DATABASE_URL, …
With the embedded database the commands need the server to be stopped (one process per data folder).`;

export class UsageError extends Error {}

function list(value: string | undefined): string[] {
  return (value ?? "").split(/[\s,]+/).filter(Boolean);
}

async function withDatabase<T>(config: StoreConfig, fn: (db: Database) => Promise<T>): Promise<T> {
  const database = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
  try {
    return await fn(database);
  } finally {
    // Store processes serving this PostgreSQL drop what they cached before the command's writes
    // (docs/architecture.md#the-read-cache); the embedded database has none running (its folder is locked).
    if (database.kind === "postgres") {
      await databaseGeneration(database.db)
        .bump()
        .catch((err: unknown) => {
          console.error(`store: could not tell running store processes of the change (${(err as Error).message}).`);
        });
    }
    await database.close();
  }
}

/** `seed`: the demo store added, then the planner's statistics; answers the one-line summary. */
async function seedAndMeasure(
  db: Database["db"],
  config: StoreConfig,
  options: Parameters<typeof seedDemoStore>[2],
): Promise<{ summary: string }> {
  const seeded = await seedDemoStore(db, { config }, options);
  // Thousands of rows at once: the planner measures them now rather than guess (db/index.ts).
  await gatherStatistics(db);
  const seconds = (seeded.milliseconds / 1000).toFixed(1);
  return { summary: `Added the demo store in ${seconds} s: ${seeded.parts.map((p) => p.summary).join("; ")}.` };
}

function checkPermissions(values: string[]): Permission[] {
  const unknown = values.filter((p) => !(PERMISSIONS as readonly string[]).includes(p));
  if (unknown.length) throw new UsageError(`Unknown permission ${unknown.join(", ")}; use ${PERMISSIONS.join(", ")}.`);
  return values as Permission[];
}

function checkScopes(values: string[]): Scope[] {
  const unknown = values.filter((s) => !(SCOPES as readonly string[]).includes(s));
  if (unknown.length) throw new UsageError(`Unknown scope ${unknown.join(", ")}; use ${SCOPES.join(", ")}.`);
  return values as Scope[];
}

/** `--id N` of a tax group: a whole number from 1, checked before the database is opened. */
function groupId(value: string | undefined, command: string): number {
  if (value === undefined)
    throw new UsageError(`${command} needs --id N, the group's id (GET /api/v1/tax_groups lists them).`);
  const n = /^\s*\d{1,10}\s*$/.test(value) ? Number(value) : NaN;
  if (n >= 1 && n <= 2_147_483_647) return n;
  throw new UsageError(
    `--id needs a group's id, a whole number from 1, not "${value.slice(0, 40)}". Nothing was changed.`,
  );
}

/** `seed --products N`: a whole number from 1 to MAX_SEED_PRODUCTS, checked before the database is opened. */
function productCount(value: string): number {
  const n = /^\s*\d{1,16}\s*$/.test(value) ? Number(value) : NaN;
  if (n >= 1 && n <= MAX_SEED_PRODUCTS) return n;
  throw new UsageError(
    `--products needs a whole number of products from 1 to ${MAX_SEED_PRODUCTS}, not "${value.slice(0, 40)}". ` +
      `Nothing was changed.`,
  );
}

function checked<T>(
  schema: {
    safeParse(v: unknown): { success: true; data: T } | { success: false; error: { issues: { message: string }[] } };
  },
  value: unknown,
  name: string,
): T {
  const r = schema.safeParse(value);
  if (!r.success) throw new UsageError(`--${name} ${r.error.issues[0]?.message ?? "is invalid"}`);
  return r.data;
}

async function main(argv: string[]) {
  const { values, positionals } = parseArgs({
    args: argv,
    allowPositionals: true,
    options: {
      name: { type: "string" },
      "redirect-uri": { type: "string", multiple: true },
      scopes: { type: "string" },
      email: { type: "string" },
      password: { type: "string" },
      permissions: { type: "string" },
      credentials: { type: "string" },
      "owner-email": { type: "string" },
      seed: { type: "boolean" },
      "pictures-later": { type: "boolean" },
      products: { type: "string" },
      media: { type: "boolean" },
      id: { type: "string" },
      help: { type: "boolean", short: "h" },
    },
  });
  const command = positionals.join(" ");
  if (values.help || !command) {
    console.log(USAGE);
    return;
  }
  const config = loadConfig();
  // The users a command creates are hashed at the store's cost (STORE_API_PASSWORD_COST), as `serve` hashes.
  configurePasswordHashing({ logN: config.signIn.scryptLogN });

  switch (command) {
    case "serve":
      // cli.ts runs `serve` through serve.ts; here only with --help, which printed the usage above.
      throw new UsageError("serve is run through the store's command line (dist/cli.js).");

    case "app create": {
      if (!values.name) throw new UsageError("app create needs --name");
      const redirectUris = values["redirect-uri"] ?? [];
      if (!redirectUris.length) throw new UsageError("app create needs at least one --redirect-uri");
      const scopes = checkScopes(list(values.scopes));
      const created = await withDatabase(config, ({ db }) =>
        db.transaction((tx) => createClient(tx, { name: values.name!, redirectUris, scopes }, { mode: config.mode })),
      );
      console.log(JSON.stringify(created, null, 2));
      return;
    }

    case "user create": {
      const email = checked(emailField, values.email ?? "", "email");
      const password = values.password === undefined ? undefined : checked(passwordField, values.password, "password");
      const permissions = values.permissions === undefined ? undefined : checkPermissions(list(values.permissions));
      const user = await withDatabase(config, ({ db }) =>
        db.transaction((tx) => createUser(tx, { email, password, permissions })),
      );
      console.log(JSON.stringify(serializeUser(user), null, 2));
      return;
    }

    case "bootstrap": {
      const redirectUris = values["redirect-uri"] ?? [];
      if (!redirectUris.length || !values.credentials)
        throw new UsageError("bootstrap needs --redirect-uri and --credentials");
      const file = path.resolve(values.credentials);
      const result = await withDatabase(config, async ({ db }) => {
        const created = await bootstrapDashboardApp(db, config, {
          file,
          redirectUris,
          ownerEmail: values["owner-email"],
        });
        // The demo store in the same process: opening the embedded database again costs seconds of
        // `npm start`'s first start. Its failure leaves the store set up, and says why.
        if (!created.created || !values.seed) return created;
        try {
          const seeded = await seedAndMeasure(db, config, {
            progress: (line) => console.error(line),
            picturesLater: values["pictures-later"] ?? false,
          });
          return { ...created, seeded: seeded.summary };
        } catch (err) {
          return { ...created, seed_error: err instanceof Error ? err.message : String(err) };
        }
      });
      console.log(JSON.stringify(result, null, 2));
      return;
    }

    case "seed": {
      const products = values.products === undefined ? undefined : productCount(values.products);
      // The demo's own products come with their pictures; --products leaves them out unless --media.
      const media = products === undefined || values.media === true;
      if (values.media && products === undefined) throw new UsageError("--media goes with --products N");
      const { summary } = await withDatabase(config, ({ db }) =>
        seedAndMeasure(db, config, {
          progress: (line) => console.log(line),
          ...(products === undefined ? {} : { products, media }),
        }),
      );
      console.log(summary);
      return;
    }

    case "tax-group rename": {
      const id = groupId(values.id, command);
      if (values.name === undefined) throw new UsageError(`${command} needs --name NAME, the group's new name.`);
      const name = checked(groupName, values.name, "name");
      const group = await withDatabase(config, ({ db }) =>
        db.transaction(async (tx) => renameTaxGroup(tx, await lockTaxGroup(tx, id), name)),
      );
      console.log(JSON.stringify(serializeTaxGroup(group), null, 2));
      return;
    }

    case "tax-group delete": {
      const id = groupId(values.id, command);
      const { group, deleted } = await withDatabase(config, ({ db }) =>
        db.transaction(async (tx) => {
          const group = await lockTaxGroup(tx, id);
          return { group, deleted: await deleteTaxGroup(tx, group) };
        }),
      );
      const count = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;
      console.log(
        `Deleted the tax group ${group.id} (${group.name}) and its ${count(deleted.rules, "rule", "rules")}; ` +
          (deleted.products
            ? `${count(deleted.products, "product has", "products have")} no tax group now.`
            : "no product had it."),
      );
      return;
    }

    default:
      throw new UsageError(`Unknown command "${command}".\n\n${USAGE}`);
  }
}

/** Every command but `serve` (serve.ts): runs it, and on a refusal prints one line and exits 1. */
export function runCommand(argv: string[]): Promise<void> {
  return main(argv).catch((err: unknown) => reportAndExit(err));
}

/** A command's refusal as one line (`store: …`), anything else whole; exits 1. */
export function reportAndExit(err: unknown): never {
  if (
    err instanceof UsageError ||
    err instanceof ConfigError ||
    err instanceof DataDirInUseError ||
    err instanceof ClientRegistrationError ||
    err instanceof StoreNotEmptyError
  ) {
    console.error(`store: ${err.message}`);
  } else if (err instanceof ApiError) {
    console.error(`store: ${err.message}`);
  } else if (
    ["ERR_PARSE_ARGS_UNKNOWN_OPTION", "ERR_PARSE_ARGS_INVALID_OPTION_VALUE"].includes(
      (err as { code?: string }).code ?? "",
    )
  ) {
    // An unknown option, or one without its value (`--products` alone, or `--products -5`).
    console.error(`store: ${(err as Error).message}\n\n${USAGE}`);
  } else {
    console.error(err);
  }
  process.exit(1);
}
