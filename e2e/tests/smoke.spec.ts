import { expect, test } from "@playwright/test";

test("the served home page opens with the brand's shell and a working API", async ({ page }) => {
  const errors: string[] = [];
  page.on("pageerror", (error) => errors.push(error.message));
  page.on("console", (message) => {
    if (message.type() === "error") errors.push(message.text());
  });

  // Today's Club pop-up (a modal) would hide the page from the accessibility tree: home.spec.ts covers it.
  await page.addInitScript(`localStorage.setItem("joinClubModalShown", String(Date.now()));`);
  await page.goto("/");
  await expect(page).toHaveTitle(/VAKI/);
  await expect(page.getByRole("navigation").first()).toBeVisible();
  await expect(page.getByRole("heading", { level: 1, name: /fresh off the wire/i })).toBeVisible();
  expect(errors).toEqual([]);
});

test("a storefront route loads the app and an unknown API path answers JSON", async ({ page, request }) => {
  await page.goto("/products");
  await expect(page).toHaveTitle(/VAKI/);
  const api = await request.get("/api/does-not-exist");
  expect(api.status()).toBe(404);
  expect(await api.json()).toMatchObject({ success: false, error: "NotFound" });
});

test("the hero videos and the generated catalogue art are served", async ({ request }) => {
  for (const video of ["/media/hero-desktop.webm", "/media/hero-mobile.webm"]) {
    const response = await request.get(video);
    expect(response.status(), video).toBe(200);
    expect(response.headers()["content-type"]).toContain("video/webm");
  }
  const categories = await (await request.get("/api/categories?limit=3")).json();
  const imageUrl: string = categories.data.content[0].imageUrl;
  const art = await request.get(imageUrl);
  expect(art.status()).toBe(200);
  expect(art.headers()["content-type"]).toContain("image/svg+xml");
});

test("the shell's styles come in the page itself, so the splash paints with the first bytes (issue 14)", async ({
  page,
  request,
}) => {
  // A page the browser draws (a shopper's own) waits for no stylesheet at all.
  const html = await (await request.get("/wishlist")).text();
  expect(html).not.toMatch(/<link rel="stylesheet"/);
  expect(html).toMatch(/<style>[^<]*\.splash\{/);
  // A page the server draws links only its own page's styles, which its drawing needs (decision 0020).
  const drawn = await (await request.get("/")).text();
  expect(drawn).toMatch(/<style>[^<]*\.splash\{/);
  for (const link of drawn.match(/<link rel="stylesheet"[^>]*>/g) ?? [])
    expect(link).toMatch(/href="\/assets\/(home-page|product-card)-[\w-]+\.css"/);
  // The fonts still start with the head.
  expect(html).toMatch(/<link rel="preload" href="\/assets\/anton-latin-400-normal-[\w-]+\.woff2" as="font"/);

  // And the page they style looks the part: the header is laid out as a bar, not as bare links.
  await page.addInitScript(`localStorage.setItem("joinClubModalShown", String(Date.now()));`);
  await page.goto("/about");
  const header = page.getByRole("banner");
  await expect(header).toHaveCSS("position", /sticky|fixed/);
});
