import { existsSync } from "node:fs";
import path from "node:path";
import { photoLimits, photoMessages as pm } from "@vaki/contract/admin/photos";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestShop, type TestShop } from "../../../test/helpers/app.js";
import { insertProduct } from "../../../test/helpers/catalog.js";
import { testEngine } from "../../../test/helpers/database.js";
import { addStaff, asStaff, type StaffSession, setUpOwner } from "../../../test/helpers/staff.js";
import { ManualClock } from "../../lib/clock.js";
import { hintTags } from "../storefront/head.js";
import { sniffPhotoType } from "./photo-processing.js";

/** A camera's JPEG: 60×30 pixels stored sideways (EXIF orientation 6: shown 30×60), with its make and a location. */
function cameraJpeg(): Promise<Buffer> {
  return sharp({ create: { width: 60, height: 30, channels: 3, background: "#c03040" } })
    .jpeg()
    .withMetadata({ orientation: 6 })
    .withExif({ IFD0: { Make: "TestCam" }, IFD3: { GPSLatitudeRef: "N", GPSLatitude: "12/1 58/1 0/1" } })
    .toBuffer();
}

const picture = (format: "png" | "webp" | "avif", width = 1000, height = 500) =>
  sharp({ create: { width, height, channels: 4, background: { r: 10, g: 120, b: 200, alpha: 0.5 } } })
    [format]()
    .toBuffer();

describe(`product photos: upload, cleaning, renditions, edits (${testEngine})`, () => {
  let shop: TestShop;
  const clock = new ManualClock(new Date("2026-11-26T09:00:00.000Z"));
  let owner: StaffSession;
  let accountant: StaffSession;
  let catalogue: StaffSession;

  beforeAll(async () => {
    shop = await createTestShop({ HOLD_SWEEP_INTERVAL_MS: "0", OUTBOX_INTERVAL_MS: "0" }, { clock });
    owner = await setUpOwner(shop.app, clock);
    accountant = await addStaff(shop.app, clock, "accountant");
    catalogue = await addStaff(shop.app, clock, "catalogue");
  });
  afterAll(async () => shop.close());

  const upload = (who: StaffSession, productId: number, bytes: Buffer, query = "") =>
    asStaff(shop.app, who, {
      method: "POST",
      url: `/api/admin/products/${productId}/photos${query}`,
      headers: { "content-type": "application/octet-stream" },
      payload: bytes,
    });
  const actions = async (productId: number) =>
    (
      await shop.database.db
        .selectFrom("audit_events")
        .select("action")
        .where("entity_type", "=", "product")
        .where("entity_id", "=", String(productId))
        .orderBy("id")
        .execute()
    ).map((row) => row.action);
  const newProduct = (name: string) =>
    insertProduct(shop.database.db, {
      name,
      images: 0,
      variants: [
        { size: "M", color: "Black", stock: 3 },
        { size: "L", color: "Sand", stock: 3 },
      ],
    });

  it("preloads a product page's first photo as the AVIF its <picture> picks (imagesrcset, imagesizes, type)", () => {
    const tags = hintTags({
      styles: [],
      scripts: [],
      images: [
        {
          href: "/media/photos/a-960.jpg",
          srcset: "/media/photos/a-320.avif 320w",
          sizes: "100vw",
          type: "image/avif",
        },
      ],
    });
    expect(tags).toBe(
      '<link rel="preload" as="image" href="/media/photos/a-960.jpg" imagesrcset="/media/photos/a-320.avif 320w" imagesizes="100vw" type="image/avif" fetchpriority="high" />',
    );
  });

  it("sniffs the four formats by their bytes, whatever the name says", async () => {
    expect(sniffPhotoType(await cameraJpeg())).toBe("image/jpeg");
    expect(sniffPhotoType(await picture("png", 4, 4))).toBe("image/png");
    expect(sniffPhotoType(await picture("webp", 4, 4))).toBe("image/webp");
    expect(sniffPhotoType(await picture("avif", 4, 4))).toBe("image/avif");
    expect(sniffPhotoType(Buffer.from("just some text, named photo.jpg"))).toBeNull();
    expect(sniffPhotoType(Buffer.from("<svg xmlns='http://www.w3.org/2000/svg'/>"))).toBeNull();
  });

  it("stores a camera JPEG turned upright with no metadata left (audited), and lists it", async () => {
    const product = await newProduct("Photo tee one");
    const raw = await cameraJpeg();
    const before = await sharp(raw).metadata();
    expect(before.orientation).toBe(6);
    expect(before.exif?.toString("latin1")).toContain("TestCam");

    const answer = await upload(owner, product.id, raw, "?alt=Red%20tee%20front&color=black");
    expect(answer.statusCode, answer.body).toBe(201);
    const photo = answer.json().data;
    expect(answer.json().message).toBe(pm.uploaded);
    expect(photo).toMatchObject({ alt: "Red tee front", color: "Black", primary: true, width: 30, height: 60 });
    expect(photo.url).toMatch(/^\/media\/photos\/[a-f0-9]{64}-320\.jpg$/);

    const stored = await shop.database.db
      .selectFrom("media_originals")
      .innerJoin("product_images", "product_images.original_id", "media_originals.id")
      .select(["media_originals.bytes", "media_originals.mime", "media_originals.width", "media_originals.height"])
      .where("product_images.id", "=", photo.id)
      .executeTakeFirstOrThrow();
    const cleaned = await sharp(Buffer.from(stored.bytes)).metadata();
    expect(stored).toMatchObject({ mime: "image/jpeg", width: 30, height: 60 });
    expect(cleaned).toMatchObject({ width: 30, height: 60 });
    expect(cleaned.orientation).toBeUndefined();
    expect(cleaned.exif).toBeUndefined();
    expect(cleaned.xmp).toBeUndefined();
    expect(Buffer.from(stored.bytes).toString("latin1")).not.toContain("TestCam");
    expect(await actions(product.id)).toEqual(["product.photo_add"]);

    const list = await asStaff(shop.app, owner, { method: "GET", url: `/api/admin/products/${product.id}/photos` });
    expect(list.statusCode).toBe(200);
    expect(list.json().data).toMatchObject({ colours: ["Black", "Sand"], photos: [{ id: photo.id, uploaded: true }] });
  });

  it("accepts PNG, WebP and AVIF; the alt text defaults to the product's name", async () => {
    const product = await newProduct("Photo tee formats");
    for (const format of ["png", "webp", "avif"] as const) {
      const answer = await upload(catalogue, product.id, await picture(format));
      expect(answer.statusCode, `${format}: ${answer.body}`).toBe(201);
      expect(answer.json().data).toMatchObject({ alt: "Photo tee formats", width: 1000, height: 500 });
    }
    const mimes = await shop.database.db
      .selectFrom("media_originals")
      .innerJoin("product_images", "product_images.original_id", "media_originals.id")
      .select("media_originals.mime")
      .where("product_images.product_id", "=", product.id)
      .orderBy("product_images.display_order")
      .execute();
    expect(mimes.map((row) => row.mime)).toEqual(["image/png", "image/webp", "image/avif"]);
  });

  it("refuses a text file named .jpg, a damaged JPEG, an unknown colour, and a file over 20 MB", async () => {
    const product = await newProduct("Photo tee refusals");
    const text = await upload(owner, product.id, Buffer.from("not a photo at all\n".repeat(20)), "?alt=x");
    expect(text.statusCode).toBe(400);
    expect(text.json().message).toBe(pm.notImage);
    const typed = await asStaff(shop.app, owner, {
      method: "POST",
      url: `/api/admin/products/${product.id}/photos`,
      headers: { "content-type": "image/jpeg" },
      payload: Buffer.from("GIF89a pretending to be a jpeg"),
    });
    expect(typed.statusCode).toBe(400);
    expect(typed.json().message).toBe(pm.notImage);
    const damaged = await upload(
      owner,
      product.id,
      Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), Buffer.alloc(64, 7)]),
    );
    expect(damaged.statusCode).toBe(400);
    expect(damaged.json().message).toBe(pm.unreadable);
    const colour = await upload(owner, product.id, await cameraJpeg(), "?color=Purple");
    expect(colour.statusCode).toBe(400);
    expect(colour.json().message).toBe(pm.colourNotOfProduct);
    const huge = Buffer.alloc(photoLimits.bytesMax + 1, 0);
    huge.set([0xff, 0xd8, 0xff, 0xe0]);
    const tooLarge = await upload(owner, product.id, huge);
    expect(tooLarge.statusCode).toBe(413);
    expect(await actions(product.id)).toEqual([]);
    expect((await upload(owner, 999_999, await cameraJpeg())).statusCode).toBe(404);
  });

  it("refuses the accountant (no products:write, no products:read)", async () => {
    const product = await newProduct("Photo tee permissions");
    expect((await upload(accountant, product.id, await cameraJpeg())).statusCode).toBe(403);
    const list = await asStaff(shop.app, accountant, {
      method: "GET",
      url: `/api/admin/products/${product.id}/photos`,
    });
    expect(list.statusCode).toBe(403);
    const anonymous = await shop.app.inject({
      method: "POST",
      url: `/api/admin/products/${product.id}/photos`,
      headers: { "content-type": "application/octet-stream" },
      payload: await cameraJpeg(),
    });
    expect(anonymous.statusCode).toBe(401);
    // Refused before its body is read: no 20 MB buffered for someone who may not upload.
    const huge = Buffer.alloc(photoLimits.bytesMax + 1, 0);
    const anonymousHuge = await shop.app.inject({
      method: "POST",
      url: `/api/admin/products/${product.id}/photos`,
      headers: { "content-type": "application/octet-stream" },
      payload: huge,
    });
    expect(anonymousHuge.statusCode).toBe(401);
    expect((await upload(accountant, product.id, huge)).statusCode).toBe(403);
  });

  it("serves renditions on demand: right type, immutable, cached on disk, never upscaled; unknown ones 404", async () => {
    const product = await newProduct("Photo tee renditions");
    const added = (await upload(owner, product.id, await picture("png", 700, 350), "?alt=Blue")).json().data;
    const hash = /photos\/([a-f0-9]{64})-/.exec(added.url)?.[1] ?? "";
    // The storefront's plain fallback is the 960 step, drawn at the original's 700 px.
    expect(added.url).toBe(`/media/photos/${hash}-960.jpg`);

    for (const [format, type] of [
      ["avif", "image/avif"],
      ["webp", "image/webp"],
      ["jpg", "image/jpeg"],
    ] as const) {
      const file = `${hash}-640.${format}`;
      const answer = await shop.app.inject({ method: "GET", url: `/media/photos/${file}` });
      expect(answer.statusCode, answer.body).toBe(200);
      expect(answer.headers["content-type"]).toBe(type);
      expect(answer.headers["cache-control"]).toBe("public, max-age=31536000, immutable");
      expect(answer.headers["cross-origin-resource-policy"]).toBe("cross-origin");
      expect((await sharp(answer.rawPayload).metadata()).width).toBe(640);
      expect(existsSync(path.join(shop.config.mediaDir, "photos", file))).toBe(true);
    }
    // 960 is wider than the 700 px original: drawn at 700, never upscaled.
    const wide = await shop.app.inject({ method: "GET", url: `/media/photos/${hash}-960.webp` });
    expect((await sharp(wide.rawPayload).metadata()).width).toBe(700);

    // Cached: the file answers even once the original is gone from the database.
    await shop.database.db
      .updateTable("product_images")
      .set({ original_id: null })
      .where("id", "=", added.id)
      .execute();
    await shop.database.db.deleteFrom("media_originals").where("sha256", "=", hash).execute();
    expect((await shop.app.inject({ method: "GET", url: `/media/photos/${hash}-640.webp` })).statusCode).toBe(200);
    expect((await shop.app.inject({ method: "GET", url: `/media/photos/${hash}-320.webp` })).statusCode).toBe(404);

    const other = "ab".repeat(32);
    for (const url of [
      `/media/photos/${hash}-500.webp`,
      `/media/photos/${hash}-640.gif`,
      `/media/photos/${hash}-640.png`,
      `/media/photos/${other}-640.webp`,
      "/media/photos/not-a-photo.jpg",
    ]) {
      expect((await shop.app.inject({ method: "GET", url })).statusCode, url).toBe(404);
    }
  });

  it("edits alt text and colour, reorders, sets the primary and deletes, each audited; the storefront gets srcsets", async () => {
    const product = await newProduct("Photo tee edits");
    const first = (await upload(owner, product.id, await cameraJpeg(), "?alt=One")).json().data;
    const second = (await upload(owner, product.id, await picture("webp", 2000, 1000), "?alt=Two")).json().data;
    const third = (await upload(owner, product.id, await picture("png", 400, 400), "?alt=Three")).json().data;
    const base = `/api/admin/products/${product.id}/photos`;

    const blank = await asStaff(shop.app, owner, {
      method: "PATCH",
      url: `${base}/${first.id}`,
      payload: { alt: "  ", color: null },
    });
    expect(blank.statusCode).toBe(400);
    const foreign = await asStaff(shop.app, owner, {
      method: "PATCH",
      url: `${base}/${first.id}`,
      payload: { alt: "x", color: "Teal" },
    });
    expect(foreign.statusCode).toBe(400);
    const edited = await asStaff(shop.app, owner, {
      method: "PATCH",
      url: `${base}/${second.id}`,
      payload: { alt: "Back of the tee", color: "Sand" },
    });
    expect(edited.statusCode, edited.body).toBe(200);
    expect(edited.json().data).toMatchObject({ alt: "Back of the tee", color: "Sand" });

    const mismatch = await asStaff(shop.app, owner, {
      method: "POST",
      url: `${base}/order`,
      payload: { ids: [first.id, second.id] },
    });
    expect(mismatch.statusCode).toBe(400);
    expect(mismatch.json().message).toBe(pm.orderMismatch);
    const reordered = await asStaff(shop.app, owner, {
      method: "POST",
      url: `${base}/order`,
      payload: { ids: [third.id, first.id, second.id] },
    });
    expect(reordered.statusCode, reordered.body).toBe(200);
    expect(reordered.json().data.photos.map((photo: { id: number }) => photo.id)).toEqual([
      third.id,
      first.id,
      second.id,
    ]);

    const primary = await asStaff(shop.app, owner, { method: "POST", url: `${base}/${second.id}/primary` });
    expect(primary.statusCode).toBe(200);
    expect(primary.json().data.photos.find((photo: { primary: boolean }) => photo.primary).id).toBe(second.id);

    const storefront = await shop.app.inject({ method: "GET", url: `/api/products/${product.id}` });
    expect(storefront.statusCode).toBe(200);
    const images = storefront.json().data.images as {
      id: number;
      imageUrl: string;
      photo?: { width: number; height: number; avif: string; webp: string; jpeg: string };
    }[];
    const back = images.find((image) => image.id === second.id);
    expect(back?.imageUrl).toMatch(/-960\.jpg$/);
    expect(back?.photo).toMatchObject({ width: 2000, height: 1000 });
    expect(back?.photo?.avif.split(", ").map((entry) => entry.split(" ")[1])).toEqual([
      "320w",
      "640w",
      "960w",
      "1280w",
      "1920w",
    ]);
    expect(back?.photo?.webp).toContain("-1920.webp 1920w");
    expect(images.find((image) => image.id === third.id)?.photo?.jpeg).toMatch(/-320\.jpg 320w, .*-640\.jpg 400w$/);

    const removed = await asStaff(shop.app, owner, { method: "DELETE", url: `${base}/${second.id}` });
    expect(removed.statusCode).toBe(200);
    // The primary went: the first of the rest takes its place.
    expect(removed.json().data.photos).toMatchObject([
      { id: third.id, primary: true },
      { id: first.id, primary: false },
    ]);
    expect((await asStaff(shop.app, owner, { method: "DELETE", url: `${base}/${second.id}` })).statusCode).toBe(404);
    expect(
      await shop.database.db
        .selectFrom("media_originals")
        .select("id")
        .where("sha256", "=", /photos\/([a-f0-9]+)-/.exec(second.url)?.[1] ?? "")
        .execute(),
    ).toEqual([]);
    expect(await actions(product.id)).toEqual([
      "product.photo_add",
      "product.photo_add",
      "product.photo_add",
      "product.photo_update",
      "product.photo_reorder",
      "product.photo_primary",
      "product.photo_delete",
    ]);
    // The catalogue version moved: the storefront answers without the deleted photo.
    const after = await shop.app.inject({ method: "GET", url: `/api/products/${product.id}` });
    expect(after.json().data.images.map((image: { id: number }) => image.id)).toEqual([third.id, first.id]);
  });
});
