import { spawn } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openDatabase } from "../../src/db/index.js";
import { products } from "../../src/db/schema/index.js";
import { createProduct } from "../../src/products/products.js";
import { createProductBody } from "../../src/products/schemas.js";
import { createTaxGroup, listTaxGroups } from "../../src/tax/tax-groups.js";

/**
 * `npm run store -- tax-group rename|delete`: what the API cannot do to a tax
 * group (docs/contract.md#tax), and what the dashboard's tax page names for the
 * bundled store. The real CLI in a child process, on its own data folder.
 */

const SLOW = 120_000;
const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../../..");
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "store-tax-group-cli-test-"));
afterAll(() => fs.rmSync(dataDir, { recursive: true, force: true }));

function cli(args: string[]) {
  return new Promise<{ code: number | null; stdout: string; stderr: string }>((resolve, reject) => {
    const env = Object.fromEntries(
      Object.entries(process.env).filter(([k]) => !k.startsWith("STORE_API_") && k !== "DATABASE_URL"),
    );
    const child = spawn(process.execPath, ["--import", "tsx", "store-api/src/cli.ts", "tax-group", ...args], {
      cwd: root,
      env: { ...env, STORE_API_DATA_DIR: dataDir },
    });
    let stdout = "";
    let stderr = "";
    child.stdout.on("data", (d: Buffer) => (stdout += d.toString()));
    child.stderr.on("data", (d: Buffer) => (stderr += d.toString()));
    child.on("error", reject);
    child.on("close", (code) => resolve({ code, stdout, stderr }));
  });
}

/** Each of the store's tax groups by name with its rules, and each product's tax group id. */
async function snapshot() {
  const database = await openDatabase({ dataDir });
  try {
    const groups = (await listTaxGroups(database.db)).map((d) => ({
      id: d.group.id,
      name: d.group.name,
      rules: d.rules.length,
    }));
    const rows = await database.db
      .select({ name: products.name, taxGroupId: products.taxGroupId })
      .from(products)
      .orderBy(products.name);
    return { groups, products: rows };
  } finally {
    await database.close();
  }
}

let group = 0;
let other = 0;

beforeAll(async () => {
  const database = await openDatabase({ dataDir });
  try {
    const rule = { region: null, onShipping: false };
    const made = await createTaxGroup(database.db, {
      name: "Old VAT",
      rules: [
        { ...rule, country: "DE", rate: 19 },
        { ...rule, country: "FR", rate: 20 },
      ],
    });
    group = made.group.id;
    other = (await createTaxGroup(database.db, { name: "Kept", rules: [{ ...rule, country: "US", rate: 5 }] })).group
      .id;
    const body = createProductBody("USD");
    await createProduct(database.db, body.parse({ name: "Mug", price: "5", tax_group: String(group) }));
    await createProduct(database.db, body.parse({ name: "Tee", price: "9", tax_group: String(group) }));
    await createProduct(database.db, body.parse({ name: "Cap", price: "7", tax_group: String(other) }));
  } finally {
    await database.close();
  }
}, SLOW);

// The CLI runs on the embedded database (its own data folder) whatever
// TEST_DATABASE_URL says: the PGlite run covers it, the PostgreSQL run skips it.
const onEmbeddedRun = !process.env.TEST_DATABASE_URL;

describe.runIf(onEmbeddedRun)("store tax-group", () => {
  it(
    "refuses an --id that is no group's, or none, and a rename without --name, changing nothing",
    async () => {
      const before = await snapshot();
      // Each a process of its own: side by side, and only a few.
      const [letters, zero, missing, noId, noName] = await Promise.all([
        cli(["delete", "--id", "abc"]),
        cli(["rename", "--id", "0", "--name", "New"]),
        cli(["delete", "--id", "999999"]),
        cli(["delete"]),
        cli(["rename", "--id", String(group)]),
      ]);
      for (const r of [letters, zero, missing, noId, noName]) {
        expect(r.code, r.stderr).toBe(1);
        expect(r.stdout).toBe("");
      }
      expect(letters.stderr.trim()).toBe(
        'store: --id needs a group\'s id, a whole number from 1, not "abc". Nothing was changed.',
      );
      expect(zero.stderr).toContain('not "0". Nothing was changed.');
      expect(missing.stderr.trim()).toBe("store: There is no tax group with the id 999999.");
      expect(noId.stderr).toContain("tax-group delete needs --id N");
      expect(noName.stderr).toContain("tax-group rename needs --name NAME");
      expect(await snapshot()).toEqual(before);
    },
    SLOW,
  );

  it(
    "renames a group and prints it as the API reads it",
    async () => {
      const r = await cli(["rename", "--id", String(group), "--name", "  EU VAT  "]);
      expect(r.stderr).toBe("");
      expect(r.code).toBe(0);
      const printed = JSON.parse(r.stdout) as { id: number; name: string; taxes: { country: string }[] };
      expect(printed).toMatchObject({ id: group, name: "EU VAT" });
      expect(printed.taxes.map((t) => t.country)).toEqual(["DE", "FR"]);
      expect((await snapshot()).groups).toEqual([
        { id: group, name: "EU VAT", rules: 2 },
        { id: other, name: "Kept", rules: 1 },
      ]);
    },
    SLOW,
  );

  it(
    "deletes a group with its rules and says how many products are left without a tax group",
    async () => {
      const r = await cli(["delete", "--id", String(group)]);
      expect(r.stderr).toBe("");
      expect(r.code).toBe(0);
      expect(r.stdout.trim()).toBe(
        `Deleted the tax group ${group} (EU VAT) and its 2 rules; 2 products have no tax group now.`,
      );
      const after = await snapshot();
      expect(after.groups).toEqual([{ id: other, name: "Kept", rules: 1 }]);
      expect(after.products).toEqual([
        { name: "Cap", taxGroupId: other },
        { name: "Mug", taxGroupId: null },
        { name: "Tee", taxGroupId: null },
      ]);
      // A second delete finds nothing to delete.
      const again = await cli(["delete", "--id", String(group)]);
      expect([again.code, again.stderr.trim()]).toEqual([1, `store: There is no tax group with the id ${group}.`]);
    },
    SLOW,
  );
});
