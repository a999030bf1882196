import { adminCustomerProfileSchema } from "@vaki/contract/admin/customers";
import {
  adminCustomersAnswerSchema,
  adminCustomersQuerySchema,
  adminOrderCountsSchema,
  adminOrderDetailSchema,
  adminOrderFiltersSchema,
  adminOrdersAnswerSchema,
  adminOrdersQuerySchema,
  adminProductDetailSchema,
  adminProductsAnswerSchema,
  adminProductsQuerySchema,
  idParamsSchema,
  adminMessages as m,
  numericIdParamsSchema,
  orderNoteRequestSchema,
  orderNoteSchema,
  searchAnswerSchema,
  searchQuerySchema,
} from "@vaki/contract/admin/schemas";
import { failureEnvelopeSchema as failure, successEnvelope } from "@vaki/contract/envelope";
import type { FastifyRequest } from "fastify";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { NotFound } from "../../lib/errors.js";
import { auditContextOf } from "../staff/guard.js";
import type { OrderActions } from "./order-actions.js";
import type { AdminService } from "./service.js";

const errors = { 400: failure, 401: failure, 403: failure, 404: failure };
const ok = <T>(data: T, message: string = m.ok) => ({ success: true as const, message, data });

function roleOf(request: FastifyRequest) {
  if (!request.staff) throw new Error("the admin guard did not run");
  return request.staff.staff.role;
}

/** The owner's read views: search, orders, products, customers; and order notes. */
export const adminRoutes: FastifyPluginAsyncZod<{ admin: AdminService; actions?: OrderActions }> = async (
  app,
  { admin, actions },
) => {
  app.get(
    "/search",
    {
      config: { permission: "session" },
      schema: {
        tags: ["admin"],
        summary: "Orders, products and customers matching q (each section only if the role may read it)",
        querystring: searchQuerySchema,
        response: { 200: successEnvelope(searchAnswerSchema), ...errors },
      },
    },
    async (request) => ok(await admin.search(roleOf(request), request.query.q)),
  );

  app.get(
    "/orders",
    {
      config: { permission: "orders:read" },
      schema: {
        tags: ["admin"],
        summary: "Orders, keyset-paged",
        querystring: adminOrdersQuerySchema,
        response: { 200: successEnvelope(adminOrdersAnswerSchema), ...errors },
      },
    },
    async (request) => ok(await admin.reads.orders.list(request.query)),
  );

  app.get(
    "/orders/counts",
    {
      config: { permission: "orders:read" },
      schema: {
        tags: ["admin"],
        summary: "How many orders each inbox tab holds under the same filters",
        querystring: adminOrderFiltersSchema,
        response: { 200: successEnvelope(adminOrderCountsSchema), ...errors },
      },
    },
    async (request) => ok(await admin.reads.orders.counts(request.query)),
  );

  app.get(
    "/orders/:id",
    {
      config: { permission: "orders:read" },
      schema: {
        tags: ["admin"],
        summary: "One order with lines, payments, shipments, notes and its timeline",
        params: idParamsSchema,
        response: { 200: successEnvelope(adminOrderDetailSchema), ...errors },
      },
    },
    async (request) => ok(await admin.order(request.params.id, actions)),
  );

  app.post(
    "/orders/:id/notes",
    {
      config: { permission: "orders:note" },
      schema: {
        tags: ["admin"],
        summary: "Add a note to an order (audited)",
        params: idParamsSchema,
        body: orderNoteRequestSchema,
        response: { 201: successEnvelope(orderNoteSchema), ...errors },
      },
    },
    async (request, reply) => {
      const note = await admin.addNote(request.params.id, request.body.text, auditContextOf(request));
      return reply.status(201).send(ok(note, m.noteAdded));
    },
  );

  app.get(
    "/products",
    {
      config: { permission: "products:read" },
      schema: {
        tags: ["admin"],
        summary: "Products (inactive too), keyset-paged",
        querystring: adminProductsQuerySchema,
        response: { 200: successEnvelope(adminProductsAnswerSchema), ...errors },
      },
    },
    async (request) => ok(await admin.reads.products.list(request.query)),
  );

  app.get(
    "/products/:id",
    {
      config: { permission: "products:read" },
      schema: {
        tags: ["admin"],
        summary: "One product with variants, pictures, categories and its timeline",
        // A non-numeric id names no product: 404 rather than a field error.
        params: idParamsSchema,
        response: { 200: successEnvelope(adminProductDetailSchema), ...errors },
      },
    },
    async (request) => {
      const parsed = numericIdParamsSchema.safeParse(request.params);
      if (!parsed.success) throw new NotFound(m.productNotFound);
      return ok(await admin.product(parsed.data.id));
    },
  );

  app.get(
    "/customers",
    {
      config: { permission: "customers:read" },
      schema: {
        tags: ["admin"],
        summary: "Customers, newest first, keyset-paged",
        querystring: adminCustomersQuerySchema,
        response: { 200: successEnvelope(adminCustomersAnswerSchema), ...errors },
      },
    },
    async (request) => ok(await admin.reads.customers.list(request.query)),
  );

  app.get(
    "/customers/:id",
    {
      config: { permission: "customers:read" },
      schema: {
        tags: ["admin"],
        summary: "One customer: orders, lifetime value, Club membership, addresses used, sign-in block",
        params: idParamsSchema,
        response: { 200: successEnvelope(adminCustomerProfileSchema), ...errors },
      },
    },
    async (request) => ok(await admin.customer(request.params.id)),
  );
};
