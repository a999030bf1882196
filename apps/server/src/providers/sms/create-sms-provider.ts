import path from "node:path";
import type { Config } from "../../config.js";
import type { Logger } from "../../lib/logger.js";
import { createSandboxSms } from "./sandbox-sms.js";
import type { SmsProvider } from "./sms-provider.js";

/** SMS_PROVIDER: the sandbox (files under DATA_DIR/sms) until a real gateway is added here. */
export function createSmsProvider(config: Pick<Config, "sms" | "dataDir">, log: Logger): SmsProvider {
  switch (config.sms.provider) {
    case "sandbox":
      return createSandboxSms({ dir: path.join(config.dataDir, "sms"), log });
  }
}
