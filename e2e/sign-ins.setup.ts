import { test as setup } from "@playwright/test";
import { e2e, signInAndStore } from "./support";

// The stored sign-ins (docs/testing.md#stored-sign-ins), made once before the specs that use them
// (playwright.config.ts: the chromium project depends on this one). A spec run on its own without it makes
// them at its first `signedIn`.
for (const role of ["owner", "limited"] as const) {
  setup(`signs in as ${role} and keeps the session`, async ({ page }) => {
    await signInAndStore(page, e2e[role], "/");
  });
}
