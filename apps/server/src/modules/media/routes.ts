import { photoMessages as pm } from "@vaki/contract/admin/photos";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { NotFound } from "../../lib/errors.js";
import type { PhotoRenditions } from "./renditions.js";

/**
 * `/media/photos/<sha256>-<width>.<avif|webp|jpg>`: a photo's rendition, drawn on a miss. The
 * content hash is in the URL, so the answer never changes: cached for a year, immutable.
 */
export const photoRenditionRoutes: FastifyPluginAsyncZod<{ renditions: PhotoRenditions }> = async (
  app,
  { renditions },
) => {
  app.get(
    "/media/photos/:file",
    {
      schema: { hide: true, params: z.object({ file: z.string() }) },
    },
    async (request, reply) => {
      const rendition = await renditions.get(request.params.file);
      if (!rendition) throw new NotFound(pm.renditionNotFound);
      return reply
        .type(rendition.contentType)
        .header("cache-control", "public, max-age=31536000, immutable")
        .send(rendition.bytes);
    },
  );
};
