import { categoryMessages as cm } from "@vaki/contract/admin/categories";
import { photoLimits, photoMessages as pm } from "@vaki/contract/admin/photos";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestShop, type TestShop } from "../../../test/helpers/app.js";
import { insertCategory, insertProduct } from "../../../test/helpers/catalog.js";
import { testEngine } from "../../../test/helpers/database.js";
import { addStaff, asStaff, type StaffSession, setUpOwner } from "../../../test/helpers/staff.js";
import { ManualClock } from "../../lib/clock.js";

const png = (width: number, height: number, background = "#3050c0") =>
  sharp({ create: { width, height, channels: 3, background } })
    .png()
    .toBuffer();

describe(`category and character pictures (${testEngine})`, () => {
  let shop: TestShop;
  const clock = new ManualClock(new Date("2026-11-27T09:00:00.000Z"));
  let catalogue: StaffSession;
  let accountant: StaffSession;

  beforeAll(async () => {
    shop = await createTestShop({ HOLD_SWEEP_INTERVAL_MS: "0", OUTBOX_INTERVAL_MS: "0" }, { clock });
    await setUpOwner(shop.app, clock);
    catalogue = await addStaff(shop.app, clock, "catalogue");
    accountant = await addStaff(shop.app, clock, "accountant");
  });
  afterAll(async () => shop.close());

  const upload = (who: StaffSession, id: number | string, bytes: Buffer, type = "application/octet-stream") =>
    asStaff(shop.app, who, {
      method: "POST",
      url: `/api/admin/categories/${id}/picture`,
      headers: { "content-type": type },
      payload: bytes,
    });
  const remove = (who: StaffSession, id: number) =>
    asStaff(shop.app, who, { method: "DELETE", url: `/api/admin/categories/${id}/picture` });
  const audits = async (id: number) =>
    shop.database.db
      .selectFrom("audit_events")
      .select(["action", "changes"])
      .where("entity_type", "=", "category")
      .where("entity_id", "=", String(id))
      .orderBy("id")
      .execute();
  const imageUrlOf = async (id: number) =>
    (await shop.database.db.selectFrom("categories").select("image_url").where("id", "=", id).executeTakeFirstOrThrow())
      .image_url;
  const originals = async () =>
    (await shop.database.db.selectFrom("media_originals").select("sha256").execute()).map((row) => row.sha256);
  /** The category's picture as the storefront's category tree answers it (undefined: not listed). */
  const storefrontImageOf = async (id: number) => {
    const answer = await shop.app.inject({ method: "GET", url: "/api/categories?limit=100" });
    type Node = { id: number; imageUrl: string | null; children: Node[] };
    const walk = (nodes: Node[]): Node | undefined =>
      nodes.length === 0
        ? undefined
        : (nodes.find((node) => node.id === id) ?? walk(nodes.flatMap((node) => node.children)));
    return walk(answer.json().data.content)?.imageUrl;
  };

  it("stores an uploaded picture through the photo pipeline, serves it, shows it in the shop at once (audited)", async () => {
    const id = await insertCategory(shop.database.db, { name: "Pictured Drop" });
    await insertProduct(shop.database.db, { name: "Pictured tee", categoryIds: [id] });
    const before = await imageUrlOf(id);
    expect(before).toMatch(/^\/media\/categories\/pictured-drop.*\.svg$/);

    const answer = await upload(catalogue, id, await png(1200, 1500), "image/png");
    expect(answer.statusCode, answer.body).toBe(200);
    expect(answer.json().message).toBe(cm.pictureUploaded);
    const data = answer.json().data;
    expect(data).toMatchObject({ id, width: 1200, height: 1500 });
    expect(data.imageUrl).toMatch(/^\/media\/photos\/[a-f0-9]{64}-960\.jpg$/);
    expect(await imageUrlOf(id)).toBe(data.imageUrl);

    const served = await shop.app.inject({ method: "GET", url: data.imageUrl });
    expect(served.statusCode).toBe(200);
    expect(served.headers["content-type"]).toBe("image/jpeg");
    expect(served.headers["cache-control"]).toContain("immutable");
    expect(await sharp(served.rawPayload).metadata()).toMatchObject({ format: "jpeg", width: 960, height: 1200 });
    const webp = await shop.app.inject({ method: "GET", url: data.imageUrl.replace("-960.jpg", "-320.webp") });
    expect(webp.headers["content-type"]).toBe("image/webp");

    expect(await storefrontImageOf(id)).toBe(data.imageUrl);
    const events = await audits(id);
    expect(events.map((event) => event.action)).toEqual(["category.picture_set"]);
    expect(JSON.parse(events[0]?.changes ?? "{}")).toMatchObject({
      imageUrl: { before, after: data.imageUrl },
      picture: { before: null, after: "1200×1500 image/png" },
    });
  });

  it("replaces the picture (the old original goes), and the same file again changes nothing", async () => {
    const id = await insertCategory(shop.database.db, { name: "Character Kavi", character: true });
    const first = (await upload(catalogue, id, await png(800, 1000, "#aa2020"))).json().data;
    const firstHash = first.imageUrl.slice("/media/photos/".length, -"-960.jpg".length);
    const second = await upload(catalogue, id, await png(640, 800, "#20aa20"));
    expect(second.statusCode, second.body).toBe(200);
    const secondUrl: string = second.json().data.imageUrl;
    // 640 px wide: the JPEG at the widest step the original reaches.
    expect(secondUrl).toMatch(/-640\.jpg$/);
    expect(await originals()).not.toContain(firstHash);
    const again = await upload(catalogue, id, await png(640, 800, "#20aa20"));
    expect(again.statusCode).toBe(200);
    expect(again.json().data.imageUrl).toBe(secondUrl);
    expect((await audits(id)).map((event) => event.action)).toEqual(["category.picture_set", "category.picture_set"]);
    const rows = await shop.database.db
      .selectFrom("category_pictures")
      .selectAll()
      .where("category_id", "=", id)
      .execute();
    expect(rows).toHaveLength(1);
  });

  it("refuses what is not a picture, too large, unknown categories and staff without products:write", async () => {
    const id = await insertCategory(shop.database.db, { name: "Refusing Drop" });
    const text = await upload(catalogue, id, Buffer.from("not a picture at all\n".repeat(20)));
    expect(text.statusCode).toBe(400);
    expect(text.json().message).toBe(pm.notImage);
    const typed = await upload(catalogue, id, Buffer.from("GIF89a pretending to be a jpeg"), "image/jpeg");
    expect(typed.statusCode).toBe(400);
    expect(typed.json().message).toBe(pm.notImage);
    const damaged = await upload(
      catalogue,
      id,
      Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), Buffer.alloc(64, 7)]),
    );
    expect(damaged.statusCode).toBe(400);
    expect(damaged.json().message).toBe(pm.unreadable);
    const empty = await upload(catalogue, id, Buffer.alloc(0));
    expect(empty.statusCode).toBe(400);
    const huge = Buffer.alloc(photoLimits.bytesMax + 1, 0);
    huge.set([0xff, 0xd8, 0xff, 0xe0]);
    expect((await upload(catalogue, id, huge)).statusCode).toBe(413);
    expect((await upload(accountant, id, await png(10, 10))).statusCode).toBe(403);
    expect((await remove(accountant, id)).statusCode).toBe(403);
    const unknown = await upload(catalogue, 999_999, await png(10, 10));
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().message).toBe(cm.notFound);
    expect((await upload(catalogue, "abc", await png(10, 10))).statusCode).toBe(404);
    expect((await remove(catalogue, 999_999)).statusCode).toBe(404);
    expect(await audits(id)).toEqual([]);
    expect(await imageUrlOf(id)).toMatch(/^\/media\/categories\/refusing-drop.*\.svg$/);
  });

  it("removes the picture: imageUrl null in the shop, original deleted, audited; a second removal changes nothing", async () => {
    const id = await insertCategory(shop.database.db, { name: "Removable Drop" });
    await insertProduct(shop.database.db, { name: "Removable tee", categoryIds: [id] });
    const url: string = (await upload(catalogue, id, await png(500, 625, "#123456"))).json().data.imageUrl;
    const hash = url.slice("/media/photos/".length).split("-")[0];
    expect(await originals()).toContain(hash);

    const answer = await remove(catalogue, id);
    expect(answer.statusCode, answer.body).toBe(200);
    expect(answer.json()).toMatchObject({ message: cm.pictureRemoved, data: { id, imageUrl: null } });
    expect(await imageUrlOf(id)).toBeNull();
    expect(await storefrontImageOf(id)).toBeNull();
    expect(await originals()).not.toContain(hash);
    const events = await audits(id);
    expect(events.map((event) => event.action)).toEqual(["category.picture_set", "category.picture_remove"]);
    expect(JSON.parse(events[1]?.changes ?? "{}")).toMatchObject({
      imageUrl: { before: url, after: null },
      picture: { before: "500×625", after: null },
    });

    expect((await remove(catalogue, id)).statusCode).toBe(200);
    expect(await audits(id)).toHaveLength(2);
  });

  it("removes a typed picture address too", async () => {
    const id = await insertCategory(shop.database.db, { name: "Typed Drop", imageUrl: "https://example.com/a.jpg" });
    expect((await remove(catalogue, id)).statusCode).toBe(200);
    expect(await imageUrlOf(id)).toBeNull();
    const events = await audits(id);
    expect(events.map((event) => event.action)).toEqual(["category.picture_remove"]);
    expect(JSON.parse(events[0]?.changes ?? "{}")).toEqual({
      imageUrl: { before: "https://example.com/a.jpg", after: null },
    });
  });

  it("keeps an original a category still shows when a product photo of the same bytes is deleted", async () => {
    const id = await insertCategory(shop.database.db, { name: "Shared Drop" });
    const product = await insertProduct(shop.database.db, { name: "Shared tee", images: 0 });
    const bytes = await png(400, 500, "#654321");
    const url: string = (await upload(catalogue, id, bytes)).json().data.imageUrl;
    const photo = await asStaff(shop.app, catalogue, {
      method: "POST",
      url: `/api/admin/products/${product.id}/photos`,
      headers: { "content-type": "application/octet-stream" },
      payload: bytes,
    });
    expect(photo.statusCode, photo.body).toBe(201);
    const deleted = await asStaff(shop.app, catalogue, {
      method: "DELETE",
      url: `/api/admin/products/${product.id}/photos/${photo.json().data.id}`,
    });
    expect(deleted.statusCode).toBe(200);
    const fresh = await shop.app.inject({ method: "GET", url: url.replace("-640.jpg", "-320.avif") });
    expect(fresh.statusCode).toBe(200);
    expect(fresh.headers["content-type"]).toBe("image/avif");
  });
});
