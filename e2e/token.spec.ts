import { expect, test } from "@playwright/test";
import { accessTokenOf, chooseUserAction, e2e, findUser, signIn, toastSaying, userCard } from "./support";

test("the store access token never reaches the browser", async ({ page, context }) => {
  const bodies: { url: string; body: string }[] = [];
  page.on("response", async (response) => {
    if (!response.url().startsWith(e2e.dashboardUrl)) return;
    if (response.status() >= 300 && response.status() < 400) return;
    try {
      bodies.push({ url: response.url(), body: (await response.body()).toString("utf8") });
    } catch {
      // a body the browser already dropped (e.g. an aborted prefetch)
    }
  });

  await signIn(page);
  const token = await accessTokenOf(context);
  expect(token.length).toBeGreaterThan(10);

  // Documents, RSC payloads (client navigation), server action answers.
  const casey = await findUser(token, e2e.staff("casey"));
  await page.goto(`/users/${casey!.id}`);
  await page.goto("/users/invite");
  await page.goto("/orders");
  await page.getByRole("navigation", { name: "Sections" }).getByRole("link", { name: "Users" }).click();
  await expect(page.getByRole("heading", { name: "Users", level: 1 })).toBeVisible();
  const gale = e2e.staff("gale");
  await chooseUserAction(page, gale, "Deactivate");
  await expect(toastSaying(page, `${gale} is deactivated. They can no longer sign in.`)).toBeVisible();
  await expect(userCard(page, gale)).toContainText("Deactivated");
  await chooseUserAction(page, gale, "Reactivate");
  await expect(toastSaying(page, `${gale} is active again.`)).toBeVisible();
  await expect(userCard(page, gale)).not.toContainText("Deactivated");

  // What next-auth's own session endpoint would tell a script.
  const session = await page.request.get("/api/auth/session");
  bodies.push({ url: "/api/auth/session", body: await session.text() });
  expect(await session.json()).toMatchObject({ user: { email: e2e.owner.email } });

  bodies.push({ url: "final DOM", body: await page.content() });
  const scripts = await page.evaluate(() =>
    JSON.stringify({ ls: { ...localStorage }, ss: { ...sessionStorage }, cookie: document.cookie }),
  );
  bodies.push({ url: "storage", body: scripts });

  expect(bodies.length).toBeGreaterThan(8);
  expect(bodies.some((b) => b.url.includes("_rsc") || b.body.includes("$Sreact"))).toBeTruthy();
  const leaks = bodies.filter((b) => b.body.includes(token)).map((b) => b.url);
  expect(leaks).toEqual([]);
});
