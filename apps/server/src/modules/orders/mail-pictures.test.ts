import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { registerAndLogin } from "../../../test/helpers/accounts.js";
import { createTestShop, type TestShop } from "../../../test/helpers/app.js";
import { newGuest, type Shopper } from "../../../test/helpers/cart.js";
import { insertProduct } from "../../../test/helpers/catalog.js";
import { paymentForm, payOnPage, startCheckout } from "../../../test/helpers/checkout.js";
import { testEngine } from "../../../test/helpers/database.js";
import { type ReadMail, readOutbox } from "../../../test/helpers/mail.js";
import { absoluteUrl } from "../../lib/shop-origin.js";

/** Every <img> tag of an HTML body with its attributes. */
function imagesIn(html: string): Record<string, string>[] {
  return [...html.matchAll(/<img\b([^>]*)>/g)].map((tag) =>
    Object.fromEntries([...(tag[1] ?? "").matchAll(/([a-z-]+)="([^"]*)"/g)].map((a) => [a[1] ?? "", a[2] ?? ""])),
  );
}

describe(`product pictures in the order e-mails (${testEngine})`, () => {
  let shop: TestShop;
  const publicUrl = "https://shop.example.in";

  beforeAll(async () => {
    shop = await createTestShop({ PUBLIC_URL: publicUrl, HOLD_SWEEP_INTERVAL_MS: "0", OUTBOX_INTERVAL_MS: "0" });
  });
  afterAll(async () => shop.close());

  const mailsTo = (email: string, subject: string): ReadMail[] =>
    readOutbox(shop.config.dataDir).filter((mail) => mail.to.includes(email) && mail.subject.includes(subject));

  /** Three lines: one colour with its own picture, one product whose pictures show every colour, one without any. */
  async function threeLineOrder(shopper: Shopper, email: string) {
    const tee = await insertProduct(shop.database.db, {
      name: "Glow Tee",
      variants: [
        { size: "L", color: "Night Violet", stock: 5 },
        { size: "L", color: "Acid Lime", stock: 5 },
      ],
      images: 2,
      imageColors: ["Night Violet", "Acid Lime"],
    });
    const cap = await insertProduct(shop.database.db, {
      name: "Moon's Cap",
      variants: [{ size: "Free", color: "Black", stock: 5 }],
      images: 2,
    });
    const socks = await insertProduct(shop.database.db, {
      name: "Plain Socks",
      variants: [{ size: "M", color: "White", stock: 5 }],
      images: 0,
    });
    const started = await startCheckout(shop.app, shopper, [
      { productId: tee.id, variantId: tee.variantIds[1]!, quantity: 2 },
      { productId: cap.id, variantId: cap.variantIds[0]! },
      { productId: socks.id, variantId: socks.variantIds[0]! },
    ]);
    const paid = await payOnPage(shop.app, started.token, paymentForm({ "contact.email": email }));
    expect(paid.statusCode).toBe(303);
    await shop.app.outbox.drain();
    return {
      started,
      // The tee's second picture is the Acid Lime one that was bought; the cap's first shows every colour.
      teePicture: `${publicUrl}/media/test/${tee.slug}-1.svg`,
      capPicture: `${publicUrl}/media/test/${cap.slug}-0.svg`,
    };
  }

  it("shows each item's picture in the confirmation: the colour bought, absolute, 64×64, the product's name as alt", async () => {
    const email = "pictures@example.com";
    const { teePicture, capPicture } = await threeLineOrder(newGuest(), email);
    const [mail, ...more] = mailsTo(email, "is confirmed");
    expect(more).toEqual([]);

    expect(imagesIn(mail?.html ?? "")).toEqual([
      expect.objectContaining({ src: teePicture, alt: "Glow Tee", width: "64", height: "64" }),
      expect.objectContaining({ src: capPicture, alt: "Moon&#39;s Cap", width: "64", height: "64" }),
    ]);
    // The line without a picture is still listed, beside an empty picture cell.
    expect(mail?.html).toContain("1 × Plain Socks (M / White)");
    expect(mail?.html.indexOf(capPicture)).toBeLessThan(mail?.html.indexOf("Plain Socks") ?? -1);

    // The text version lists the lines as before, and no picture.
    expect(mail?.text).toContain("2 × Glow Tee (L / Acid Lime)");
    expect(mail?.text).toContain("1 × Moon's Cap (Free / Black)");
    expect(mail?.text).toContain("1 × Plain Socks (M / White)");
    expect(mail?.text).not.toContain("/media/");
    expect(mail?.text).not.toContain("<img");
  });

  it("shows the pictures in the cancellation e-mail too", async () => {
    const session = await registerAndLogin(shop.app);
    const { started, teePicture, capPicture } = await threeLineOrder(
      { headers: session.headers },
      session.customer.email,
    );
    const cancelled = await shop.app.inject({
      method: "POST",
      url: "/api/orders/cancel/order",
      headers: session.headers,
      payload: { orderId: started.orderId, userId: session.userId },
    });
    expect(cancelled.statusCode).toBe(200);
    await shop.app.outbox.drain();

    const [mail] = mailsTo(session.customer.email, "has been cancelled");
    expect(imagesIn(mail?.html ?? "").map((image) => [image.src, image.alt])).toEqual([
      [teePicture, "Glow Tee"],
      [capPicture, "Moon&#39;s Cap"],
    ]);
  });

  it("builds picture URLs on the public URL, keeping its path and leaving absolute ones alone", () => {
    expect(absoluteUrl("https://shop.example.in", "/media/a.svg")).toBe("https://shop.example.in/media/a.svg");
    expect(absoluteUrl("https://example.in/shop/", "media/a.svg")).toBe("https://example.in/shop/media/a.svg");
    expect(absoluteUrl("https://shop.example.in", "https://cdn.example.in/a.png")).toBe("https://cdn.example.in/a.png");
    expect(absoluteUrl("https://shop.example.in", "//cdn.example.in/a.png")).toBe("https://cdn.example.in/a.png");
  });
});
