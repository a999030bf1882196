import { z } from "./zod.js";

export const healthSchema = z.object({
  status: z.enum(["ok", "degraded"]),
  database: z.enum(["up", "down"]),
  dialect: z.enum(["sqlite", "postgres"]),
  version: z.string(),
  shopName: z.string(),
});
export type Health = z.infer<typeof healthSchema>;
