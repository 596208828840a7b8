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
    .filter((m) => m.ruleId === "layering/no-server-code-in-client" || m.ruleId === "no-restricted-imports")
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
    const client = `"use client";\nimport type { StoreClient } from "@/lib/store/client";\nimport { type User } from "@/lib/store/users/model";\nimport { inviteUserInput } from "@/lib/store/users/input";\nimport * as z from "zod/mini";\nimport { unwrap } from "@/lib/actions/result";\nexport const x: [StoreClient | null, User | null] = [null, null];\nexport const y = [inviteUserInput, unwrap, z];\n`;
    expect(await problems("app/(dashboard)/users/widget.tsx", client)).toEqual([]);
  });

  it("lib/store's model and input modules stay client-safe", async () => {
    const code = `import { StoreClient } from "../client";\nexport const x = StoreClient;\n`;
    expect(await problems("lib/store/users/model.ts", code)).toHaveLength(1);
    expect(await problems("lib/store/users/api.ts", code)).toEqual([]);
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

  it("a resource folder may", async () => {
    const code = `import { eq } from "drizzle-orm";\nimport { users } from "../db/schema/index.js";\nexport const x = [eq, users];\n`;
    expect(await problems("store-api/src/things/things.ts", code)).toEqual([]);
  });
});
