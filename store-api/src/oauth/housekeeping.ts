import type { FastifyInstance } from "fastify";
import { configurePasswordHashing } from "../auth/secrets.js";
import { purgeSignInThrottle } from "./login-limiter.js";
import { purgeExpiredSessions } from "./session.js";

/**
 * What the sign-in machinery needs from the app as a whole, set up once in
 * buildApp: the process's password hashing follows the store's config
 * (scrypt's cost, the cap on hashes at once), and expired sessions and
 * throttle counters are deleted on a schedule, not only when someone signs in.
 */
export function signInHousekeeping(app: FastifyInstance) {
  const { signIn } = app.config;
  configurePasswordHashing({
    logN: signIn.scryptLogN,
    maxRunning: signIn.maxHashes,
    maxWaiting: signIn.maxWaitingHashes,
  });

  let purge: NodeJS.Timeout | undefined;
  app.addHook("onReady", async () => {
    purge = setInterval(() => {
      Promise.all([purgeExpiredSessions(app.db), purgeSignInThrottle(app.db)]).catch((err: unknown) =>
        app.log.warn({ err }, "purging expired sign-in records failed"),
      );
    }, signIn.purgeEveryMs);
    purge.unref();
  });
  app.addHook("onClose", async () => clearInterval(purge));
}
