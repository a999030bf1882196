import { dashboardAnswerSchema, dashboardQuerySchema } from "@vaki/contract/admin/dashboard";
import { adminMessages as m } from "@vaki/contract/admin/schemas";
import { failureEnvelopeSchema as failure, successEnvelope } from "@vaki/contract/envelope";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import type { OrderDashboard } from "./dashboard.js";

const errors = { 400: failure, 401: failure, 403: failure };

/** The owner's dashboard (under /api/admin, registered by admin/api.ts): reads only. */
export const dashboardRoutes: FastifyPluginAsyncZod<{ dashboard: OrderDashboard }> = async (app, { dashboard }) => {
  app.get(
    "/dashboard",
    {
      // Every role opens the dashboard; the answer holds only the sections the role may read.
      config: { permission: "dashboard:read" },
      schema: {
        tags: ["admin: dashboard"],
        summary: "Sales of today, 7 or 30 India days against the period before, what waits now, low stock",
        querystring: dashboardQuerySchema,
        response: { 200: successEnvelope(dashboardAnswerSchema), ...errors },
      },
    },
    async (request) => {
      if (!request.staff) throw new Error("the admin guard did not run");
      return {
        success: true as const,
        message: m.ok,
        data: await dashboard.answer(request.query.period, request.staff.staff.role),
      };
    },
  );
};
