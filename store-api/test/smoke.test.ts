import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { addClient, addUser, api, signIn, startStore, type TestStore } from "./helpers/index.js";

let store: TestStore;
beforeAll(async () => {
  store = await startStore();
});
afterAll(() => store.close());

describe("smoke", () => {
  it("signs in through the code flow and lists users", async () => {
    const client = await addClient(store);
    await addUser(store, { email: "owner@example.com", password: "correct horse" });
    const tokens = await signIn(store, client, { email: "owner@example.com", password: "correct horse" });
    expect(tokens.scope).toBe("admin storefront");
    const res = await api(store, tokens.access_token, "GET", "/users");
    expect(res.status).toBe(200);
    expect(res.json).toEqual([expect.objectContaining({ email: "owner@example.com", is_active: true })]);
  });
});
