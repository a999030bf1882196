import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { createTestShop, type TestShop } from "../../../test/helpers/app.js";
import { insertProduct } from "../../../test/helpers/catalog.js";
import { testEngine } from "../../../test/helpers/database.js";
import { readOutbox } from "../../../test/helpers/mail.js";
import { ManualClock } from "../../lib/clock.js";
import { indiaDayAndHour } from "./service.js";

describe(`the owner's daily low-stock e-mail (${testEngine})`, () => {
  let shop: TestShop;
  // 07:30 in India on 22 November: before the digest's hour.
  const clock = new ManualClock(new Date("2026-11-22T02:00:00.000Z"));
  const digests = () => readOutbox(shop.config.dataDir).filter((mail) => mail.to.includes("owner@vaki.test"));
  const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

  beforeAll(async () => {
    shop = await createTestShop(
      {
        OWNER_EMAIL: "owner@vaki.test",
        LOW_STOCK_DIGEST_HOUR: "9",
        LOW_STOCK_DIGEST_CHECK_MS: "40",
        OUTBOX_INTERVAL_MS: "40",
        HOLD_SWEEP_INTERVAL_MS: "0",
        BACK_IN_STOCK_SWEEP_MS: "0",
      },
      { clock },
    );
    const db = shop.database.db;
    await insertProduct(db, {
      name: "Wirewala Tee",
      variants: [
        { size: "S", color: "Ink", stock: 0 },
        { size: "M", color: "Ink", stock: 2 },
        { size: "L", color: "Ink", stock: 40 },
        { size: "XL", color: "Ink", stock: 5 },
      ],
    });
    const retired = await insertProduct(db, { name: "Old Cap", variants: [{ size: "OS", color: "Grey", stock: 0 }] });
    await db.updateTable("products").set({ status: "draft" }).where("id", "=", retired.id).execute();
    // A size taken off sale counts for nothing.
    const hoodie = await insertProduct(db, {
      name: "Rahu Hoodie",
      variants: [{ size: "M", color: "Black", stock: 1 }],
    });
    await db.updateTable("variants").set({ is_active: 0 }).where("id", "in", hoodie.variantIds).execute();
  });
  afterAll(async () => shop.close());

  it("reads the day and hour in India whatever the server's zone", () => {
    expect(indiaDayAndHour(new Date("2026-11-22T18:29:00.000Z"))).toEqual({ day: "2026-11-22", hour: 23 });
    expect(indiaDayAndHour(new Date("2026-11-22T18:30:00.000Z"))).toEqual({ day: "2026-11-23", hour: 0 });
  });

  it("waits for the digest's hour, then sends one e-mail with the sold-out and low sizes", async () => {
    await pause(200);
    expect(digests()).toHaveLength(0);

    clock.set(new Date("2026-11-22T03:45:00.000Z")); // 09:15 in India
    await vi.waitFor(() => expect(digests()).toHaveLength(1), { timeout: 5_000 });
    const [mail] = digests();
    expect(mail?.subject).toBe("VAKI: 1 sold out, 2 running low (2026-11-22)");
    expect(mail?.text).toContain("SOLD OUT\nWirewala Tee — Ink / S (SKU-");
    expect(mail?.text).toMatch(/Wirewala Tee — Ink \/ M \(SKU-[^)]+\), low at 5\s+2 left/);
    expect(mail?.text).toMatch(/Wirewala Tee — Ink \/ XL \(SKU-[^)]+\), low at 5\s+5 left/);
    expect(mail?.text).not.toContain("Ink / L ");
    expect(mail?.text).not.toContain("Old Cap");
    expect(mail?.text).not.toContain("Rahu Hoodie");
    expect(mail?.text).toContain("/admin/products?stock=out");
    expect(mail?.html).toContain("Restock in the admin");

    // Every later check that day, on this process or another, finds the day's e-mail written.
    await pause(300);
    expect(digests()).toHaveLength(1);
  });

  it("writes the next day's at its hour, and nothing on a day with nothing low", async () => {
    clock.set(new Date("2026-11-23T04:00:00.000Z"));
    await vi.waitFor(() => expect(digests()).toHaveLength(2), { timeout: 5_000 });
    expect(digests()[1]?.subject).toContain("(2026-11-23)");

    await shop.database.db.updateTable("variants").set({ stock_quantity: 50 }).execute();
    clock.set(new Date("2026-11-24T04:00:00.000Z"));
    await vi.waitFor(
      async () => {
        const row = await shop.database.db
          .selectFrom("outbox")
          .select("status")
          .where("dedupe_key", "=", "low-stock-digest-mail:2026-11-24")
          .executeTakeFirst();
        expect(row?.status).toBe("DONE");
      },
      { timeout: 5_000 },
    );
    expect(digests()).toHaveLength(2);
  });
});
