import { type Config, derivedSandboxSecret } from "../config.js";
import type { Db } from "../db/connection.js";

const jwtKey = "secret:jwt";

/**
 * Without JWT_SECRET every process of a shop must sign with the same key: the first one to
 * start stores its candidate in `shop_state` (insert if absent), and every process then uses
 * the stored one. Answers the configuration with that secret (and the sandbox webhook secret
 * derived from it); a configuration whose secret was given is answered as it is.
 */
export async function shareSecrets(config: Config, db: Db): Promise<Config> {
  if (!config.secrets.shared) return config;
  await db
    .insertInto("shop_state")
    .values({ key: jwtKey, value: config.secrets.jwt })
    .onConflict((conflict) => conflict.column("key").doNothing())
    .execute();
  const stored = await db.selectFrom("shop_state").select("value").where("key", "=", jwtKey).executeTakeFirstOrThrow();
  const jwt = stored.value;
  if (jwt === config.secrets.jwt) return { ...config, secrets: { jwt, shared: false } };
  return {
    ...config,
    secrets: { jwt, shared: false },
    payment: config.payment.sandbox.derived
      ? { ...config.payment, sandbox: { secret: derivedSandboxSecret(jwt), derived: true } }
      : config.payment,
  };
}
