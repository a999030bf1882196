import {
  type AddressBook,
  addressBookSchema,
  addressIdParamSchema,
  createAddressRequestSchema,
  addressMessages as m,
  updateAddressRequestSchema,
} from "@vaki/contract/addresses";
import { failureEnvelopeSchema as failure, successEnvelope } from "@vaki/contract/envelope";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { applyRouteDefaults } from "../../plugins/route-defaults.js";
import type { AuthGuard } from "../accounts/auth-guard.js";
import type { AddressesService } from "./service.js";

const tags = ["addresses"];
// A bearer token, which no other site can make the browser send, so no CSRF token (as the wishlist).
const security = [{ bearerAuth: [] }];
const answer = successEnvelope(addressBookSchema);
const failures = { 400: failure, 401: failure, 404: failure, 409: failure };
const ok = (message: string, data: AddressBook) => ({ success: true as const, message, data });

/** The signed-in shopper's address book; every answer is the whole book (the default first). */
export const addressRoutes: FastifyPluginAsyncZod<{ addresses: AddressesService; auth: AuthGuard }> = async (
  app,
  { addresses, auth },
) => {
  applyRouteDefaults(app, { noStore: true });

  app.get(
    "/api/account/addresses",
    {
      preValidation: auth.requireUser,
      schema: { tags, security, summary: "The account's saved addresses", response: { 200: answer, ...failures } },
    },
    async (request) => ok(m.ok, await addresses.list(request.user!.id)),
  );

  app.post(
    "/api/account/addresses",
    {
      preValidation: auth.requireUser,
      schema: {
        tags,
        security,
        summary: "Save an address (the first becomes the default; at most 10)",
        body: createAddressRequestSchema,
        response: { 200: answer, ...failures },
      },
    },
    async (request) => ok(m.added, await addresses.add(request.user!.id, request.body)),
  );

  app.patch(
    "/api/account/addresses/:id",
    {
      preValidation: auth.requireUser,
      schema: {
        tags,
        security,
        summary: "Change an address (any of its fields; isDefault: true makes it the default)",
        params: addressIdParamSchema,
        body: updateAddressRequestSchema,
        response: { 200: answer, ...failures },
      },
    },
    async (request) => ok(m.updated, await addresses.update(request.user!.id, request.params.id, request.body)),
  );

  app.post(
    "/api/account/addresses/:id/default",
    {
      preValidation: auth.requireUser,
      schema: {
        tags,
        security,
        summary: "Make an address the default",
        params: addressIdParamSchema,
        response: { 200: answer, ...failures },
      },
    },
    async (request) => ok(m.defaultSet, await addresses.setDefault(request.user!.id, request.params.id)),
  );

  app.delete(
    "/api/account/addresses/:id",
    {
      preValidation: auth.requireUser,
      schema: {
        tags,
        security,
        summary: "Delete an address (deleting the default makes the newest one left the default)",
        params: addressIdParamSchema,
        response: { 200: answer, ...failures },
      },
    },
    async (request) => ok(m.removed, await addresses.remove(request.user!.id, request.params.id)),
  );
};
