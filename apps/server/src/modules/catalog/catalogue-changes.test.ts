import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { insertCategory, insertProduct } from "../../../test/helpers/catalog.js";
import { createTestDatabase, type TestDatabase, testEngine } from "../../../test/helpers/database.js";
import { systemClock } from "../../lib/clock.js";
import { SearchService } from "../search/service.js";
import { CatalogRepo } from "./repo.js";
import { CatalogService, maxFollowedChanges } from "./service.js";

/**
 * Two processes on one database (decision 0024): "here" serves shoppers, "elsewhere" is the
 * owner's process. A change naming products reaches here through the change rows and touches only
 * those products' cached pages and search documents; anything else still drops everything.
 */
describe(`catalogue changes followed by product (${testEngine})`, () => {
  let database: TestDatabase;
  let here: CatalogService;
  let search: SearchService;
  let elsewhere: CatalogService;
  const ids = { orbit: 0, static: 0 };

  const nameOf = async (id: number) => JSON.parse((await here.product(id)).body).data.name as string;
  const searchNames = async (keyword: string) =>
    (JSON.parse((await search.search(keyword, 1, 10)).body).data.content as { name: string }[]).map((p) => p.name);

  beforeAll(async () => {
    database = await createTestDatabase();
    const category = await insertCategory(database.db, { name: "Hoodies" });
    ids.orbit = (await insertProduct(database.db, { name: "Orbit Hoodie", categoryIds: [category] })).id;
    ids.static = (await insertProduct(database.db, { name: "Static Hoodie", categoryIds: [category] })).id;
    elsewhere = new CatalogService(new CatalogRepo(database.db), systemClock);
    await elsewhere.catalogueChanged();
  });
  afterAll(async () => database.destroy());

  beforeEach(async () => {
    // A fresh process: it takes the current version as its starting point.
    here = new CatalogService(new CatalogRepo(database.db), systemClock);
    search = new SearchService(here);
    expect(await here.checkForChanges()).toBe(false);
  });

  it("keeps another product's page, answers the changed one anew and finds its new name at once", async () => {
    const keptPage = await here.product(ids.static);
    await here.product(ids.orbit);
    expect(await searchNames("orbit")).toEqual(["Orbit Hoodie"]);

    await elsewhere.updateProduct(ids.orbit, { name: "Nebula Hoodie" });
    expect(await here.checkForChanges()).toBe(true);

    expect(await here.product(ids.static)).toBe(keptPage);
    expect(await nameOf(ids.orbit)).toBe("Nebula Hoodie");
    expect(await searchNames("nebula")).toEqual(["Nebula Hoodie"]);
    expect(await searchNames("orbit")).not.toContain("Orbit Hoodie");
    // Its own change rows are not followed twice: nothing more to drop at the next poll.
    expect(await here.checkForChanges()).toBe(false);

    await elsewhere.updateProduct(ids.orbit, { name: "Orbit Hoodie" });
  });

  it("follows its own change at once and does not drop it again at the next poll", async () => {
    const keptPage = await here.product(ids.static);
    await here.updateProduct(ids.orbit, { name: "Comet Hoodie" });
    expect(await searchNames("comet")).toEqual(["Comet Hoodie"]);
    expect(await here.checkForChanges()).toBe(false);
    expect(await here.product(ids.static)).toBe(keptPage);

    await here.updateProduct(ids.orbit, { name: "Orbit Hoodie" });
  });

  it("drops every answer on a change of anything, too many changes, or a version written without a row", async () => {
    const dropsStaticPage = async (change: () => Promise<unknown>) => {
      const page = await here.product(ids.static);
      await change();
      expect(await here.checkForChanges()).toBe(true);
      return (await here.product(ids.static)) !== page;
    };
    expect(await dropsStaticPage(() => elsewhere.catalogueChanged())).toBe(true);
    const many = Array.from({ length: maxFollowedChanges + 1 }, (_, i) => 1_000_000 + i);
    expect(await dropsStaticPage(() => elsewhere.catalogueChanged(many))).toBe(true);
    // The seed writes the version alone.
    const seeded = () =>
      database.db.updateTable("shop_state").set({ value: "seeded" }).where("key", "=", "catalogue_version").execute();
    expect(await dropsStaticPage(seeded)).toBe(true);
    // And a change of one product after those is followed by product again.
    expect(await dropsStaticPage(() => elsewhere.catalogueChanged([ids.orbit]))).toBe(false);
  });
});
