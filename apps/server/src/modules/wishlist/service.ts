import { wishlistMessages as m, WISHLIST_MAX, type Wishlist } from "@vaki/contract/wishlist";
import type { Clock } from "../../lib/clock.js";
import { Conflict, NotFound } from "../../lib/errors.js";
import type { WishlistRepo } from "./repo.js";

/** A signed-in shopper's wishlist: active products only, each once, at most WISHLIST_MAX. */
export class WishlistService {
  constructor(
    private readonly repo: WishlistRepo,
    private readonly clock: Clock,
  ) {}

  async list(userId: string): Promise<Wishlist> {
    return { productIds: await this.repo.productIds(userId) };
  }

  async add(userId: string, productId: number): Promise<Wishlist> {
    if (!(await this.repo.activeProductIds([productId])).has(productId)) throw new NotFound(m.productNotFound);
    const saved = await this.repo.productIds(userId);
    if (!saved.includes(productId)) {
      if ((await this.repo.count(userId)) >= WISHLIST_MAX) throw new Conflict(m.full);
      await this.repo.add(userId, [{ productId, createdAt: this.clock.now().toISOString() }]);
    }
    return this.list(userId);
  }

  async remove(userId: string, productId: number): Promise<Wishlist> {
    await this.repo.remove(userId, productId);
    return this.list(userId);
  }

  /**
   * After login: the browser's list (newest first) joins the account's, as far as room allows;
   * products no longer on sale are dropped. Saving again what is saved changes nothing.
   */
  async merge(userId: string, productIds: readonly number[]): Promise<Wishlist> {
    const active = await this.repo.activeProductIds(productIds);
    const saved = new Set(await this.repo.productIds(userId));
    const room = Math.max(0, WISHLIST_MAX - (await this.repo.count(userId)));
    const fresh = [...new Set(productIds)].filter((id) => active.has(id) && !saved.has(id)).slice(0, room);
    // Oldest first, a millisecond apart, so the list keeps the browser's order.
    const start = this.clock.now().getTime() - fresh.length;
    await this.repo.add(
      userId,
      fresh.map((productId, index) => ({
        productId,
        createdAt: new Date(start + (fresh.length - index)).toISOString(),
      })),
    );
    return this.list(userId);
  }
}
