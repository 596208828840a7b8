import path from "node:path";
import { ESLint } from "eslint";
import { beforeAll, describe, expect, it } from "vitest";

/**
 * The import rules of eslint.config.mjs, run by ESLint itself on deliberately
 * wrong (and right) imports, as if the code stood at the given paths.
 */

const root = path.resolve(import.meta.dirname, "../..");
let eslint: ESLint;

async function problems(file: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath: path.join(root, file) });
  return (result?.messages ?? [])
    .filter((m) => m.ruleId?.startsWith("layering/") || m.ruleId === "no-restricted-imports")
    .map((m) => `${m.ruleId}: ${m.message}`);
}

beforeAll(() => {
  eslint = new ESLint({ cwd: root });
}, 30_000);

describe("dashboard layering", () => {
  it("a client component may not import a resource's Store API calls or the client", async () => {
    const code = `"use client";\nimport { listUsers } from "@/lib/store/users/api";\nimport { StoreClient } from "../../../lib/store/client";\nexport const x = [listUsers, StoreClient];\n`;
    const found = await problems("app/(dashboard)/users/users-widget.tsx", code);
    expect(found).toHaveLength(2);
    expect(found[0]).toMatch(
      /^layering\/no-server-code-in-client: A client component must not import @\/lib\/store\/users\/api/,
    );
  });

  it("nor the session, next/headers, the action wrapper, a raw read schema or zod classic", async () => {
    const code = `"use client";\nimport { getSessionToken } from "@/lib/session";\nimport { cookies } from "next/headers";\nimport { storeAction } from "@/lib/actions/action";\nimport { storeUserSchema } from "@/lib/store/users/schema";\nimport { z } from "zod";\nexport const x = [getSessionToken, cookies, storeAction, storeUserSchema, z];\n`;
    expect(await problems("app/(dashboard)/thing.tsx", code)).toHaveLength(5);
  });

  it("a server page may import them, and a client component may import types, models, inputs and actions", async () => {
    const server = `import { listUsers } from "@/lib/store/users/api";\nimport { getSessionView } from "@/lib/session";\nexport const x = [listUsers, getSessionView];\n`;
    expect(await problems("app/(dashboard)/users/page.tsx", server)).toEqual([]);
    const client = `"use client";\nimport type { StoreProblem } from "@/lib/store/model";\nimport { type User } from "@/lib/store/users/model";\nimport { inviteUserInput } from "@/lib/store/users/input";\nimport * as z from "zod/mini";\nimport { unwrap } from "@/lib/actions/result";\nexport const x: [StoreProblem | null, User | null] = [null, null];\nexport const y = [inviteUserInput, unwrap, z];\n`;
    expect(await problems("app/(dashboard)/users/widget.tsx", client)).toEqual([]);
  });

  it("lib/store's model, input and edit modules stay client-safe", async () => {
    const code = `import { StoreClient } from "../client";\nexport const x = StoreClient;\n`;
    expect(await problems("lib/store/users/model.ts", code)).toHaveLength(1);
    expect(await problems("lib/store/products/model-media.ts", code)).toHaveLength(1);
    expect(await problems("lib/store/shipping/edit.ts", code)).toHaveLength(1);
    expect(await problems("lib/store/users/api.ts", code)).toEqual([]);
  });

  it("by role: every lib/store module but model, input and edit is the server's, types included", async () => {
    const code = `"use client";\nimport { orderCsvRow } from "@/lib/store/orders/model-csv";\nimport { parseImageSources } from "@/lib/store/products/model-media";\nimport { productKey } from "@/lib/store/products/input-bulk";\nimport type { Loaded } from "@/lib/store/model";\nexport const x = [orderCsvRow, parseImageSources, productKey];\nexport type Y = Loaded<number>;\n`;
    expect(await problems("components/orders/widget.tsx", code)).toEqual([]);
    const wrong = `"use client";\nimport { readCatalogue } from "@/lib/store/products/api-bulk";\nimport { codesCsv } from "@/lib/store/coupons/csv";\nimport type { Loaded } from "@/lib/store/load";\nimport { locateItem } from "../../lib/store/list-errors";\nexport const x = [readCatalogue, codesCsv, locateItem];\nexport type Y = Loaded<number>;\n`;
    const found = await problems("components/orders/widget.tsx", wrong);
    expect(found).toHaveLength(4);
    expect(found[2]).toMatch(/must not import @\/lib\/store\/load \(server-side store code/);
  });

  it("a component that renders on the server gets its data by props: no store code, not even a type", async () => {
    const code = `import type { Loaded } from "@/lib/store/load";\nimport type { StoreClient } from "@/lib/store/client";\nexport type X = [Loaded<number>, StoreClient];\n`;
    const found = await problems("components/home/order-counts.tsx", code);
    expect(found.filter((p) => p.startsWith("layering/"))).toHaveLength(2);
  });

  it("the dashboard never imports the bundled store's code, however the path is spelled", async () => {
    const code = (up: string) =>
      `import { parseMoney } from "${up}store-api/src/money/money.js";\nimport type { StoreConfig } from "@/store-api/src/config";\nimport { buildApp } from "store-api";\nexport type X = StoreConfig;\nexport const y = [parseMoney, buildApp];\n`;
    const found = [
      ...(await problems("lib/money-input.ts", code("../"))),
      ...(await problems("app/(dashboard)/x/page.tsx", code("../../../"))),
    ];
    expect(found.filter((p) => p.startsWith("layering/no-store-code"))).toHaveLength(6);
  });

  it("components/ does not import the server-action wrapper or the store's calls", async () => {
    const code = `import { storeAction } from "@/lib/actions/action";\nimport { getUser } from "@/lib/store/users/api";\nexport const x = [storeAction, getUser];\n`;
    const found = await problems("components/users/user-card.tsx", code);
    expect(found.filter((p) => p.startsWith("no-restricted-imports"))).toHaveLength(2);
  });
});

describe("store layering", () => {
  it("a route file may not query the database itself", async () => {
    const code = `import { eq } from "drizzle-orm";\nimport { users } from "../../../db/schema/index.js";\nexport const x = [eq, users];\n`;
    const found = await problems("store-api/src/routes/api/v1/things.ts", code);
    expect(found).toHaveLength(2);
    expect(found[0]).toMatch(/Route files speak to the database only through their resource folder/);
  });

  it("nor declare schemas or read the configuration itself", async () => {
    const code = `import { z } from "zod";\nimport { loadConfig } from "../../config.js";\nexport const x = [z, loadConfig];\n`;
    const found = await problems("store-api/src/routes/things/list.ts", code);
    expect(found).toHaveLength(2);
  });

  it("users/ does not call oauth/ (accounts/ calls both)", async () => {
    const code = `import { revokeUserGrants } from "../oauth/tokens.js";\nexport const x = revokeUserGrants;\n`;
    expect(await problems("store-api/src/users/users.ts", code)).toHaveLength(1);
    expect(await problems("store-api/src/accounts/changes.ts", code)).toEqual([]);
  });

  it("a resource folder may", async () => {
    const code = `import { eq } from "drizzle-orm";\nimport { users } from "../db/schema/index.js";\nexport const x = [eq, users];\n`;
    expect(await problems("store-api/src/things/things.ts", code)).toEqual([]);
  });
});
