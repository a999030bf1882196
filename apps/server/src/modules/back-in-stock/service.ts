import { randomBytes } from "node:crypto";
import type {
  BackInStockDemand,
  BackInStockDemandAnswer,
  BackInStockDemandQuery,
  DemandAvailability,
} from "@vaki/contract/admin/back-in-stock";
import { type BackInStockRequest, backInStockMessages as m } from "@vaki/contract/back-in-stock";
import type { Clock } from "../../lib/clock.js";
import { Conflict, NotFound } from "../../lib/errors.js";
import { decodeCursor, encodeCursor } from "../../lib/keyset.js";
import { renderMail } from "../../providers/mail/layout.js";
import type { Mailer } from "../../providers/mail/mailer.js";
import type { Outbox, OutboxMessage } from "../outbox/service.js";
import type { ShopLinks } from "../shop-module.js";
import type { BackInStockRepo, DemandRow } from "./repo.js";

export const backInStockMailKind = "back-in-stock-mail";

/** One e-mail per request, whatever replays or processes do (the dedupe key is the request's). */
export function backInStockMail(requestId: number): OutboxMessage {
  return { kind: backInStockMailKind, payload: { requestId }, dedupeKey: `${backInStockMailKind}:${requestId}` };
}

/** Requests answered per sweep, so one restock of a popular size does not hold a long transaction. */
const SWEEP_BATCH = 200;

/**
 * "Notify me when it is back" (issue 30). A request is taken only on a sold-out size; a periodic
 * sweep finds open requests whose size has stock again and writes one e-mail each to the outbox,
 * in the transaction that marks the request answered. The sweep (not a hook in the inventory
 * module) sees every way stock comes back: a cancelled order, an expired hold, the owner's restock.
 */
export class BackInStockService {
  constructor(
    private readonly repo: BackInStockRepo,
    private readonly outbox: Outbox,
    private readonly mailer: Mailer,
    private readonly clock: Clock,
    private readonly shop: ShopLinks,
  ) {}

  async request(input: BackInStockRequest & { userId: string | null }): Promise<void> {
    const variant = await this.repo.findVariant(input.variantId);
    if (!variant) throw new NotFound(m.variantNotFound);
    if (variant.stock_quantity > 0) throw new Conflict(m.alreadyInStock);
    if (await this.repo.findOpen(input.variantId, input.email)) return;
    await this.repo.insert({
      variantId: input.variantId,
      email: input.email,
      userId: input.userId,
      token: randomBytes(24).toString("base64url"),
      now: this.clock.now().toISOString(),
    });
  }

  /** Answers the number of requests whose e-mail was written. */
  async sweep(): Promise<number> {
    const due = await this.repo.findDue(SWEEP_BATCH);
    let written = 0;
    for (const { id } of due) {
      const now = this.clock.now().toISOString();
      const marked = await this.repo.transaction(async (repo, trx) => {
        if (!(await repo.markNotified(id, now))) return false;
        await this.outbox.enqueue(trx, backInStockMail(id));
        return true;
      });
      if (marked) written += 1;
    }
    return written;
  }

  /** The outbox's handler: the e-mail, unless the shopper stopped the alert meanwhile. */
  async deliverMail(requestId: number): Promise<void> {
    const request = await this.repo.findForMail(requestId);
    if (!request || request.unsubscribedAt) return;
    const base = this.shop.publicUrl.replace(/\/$/, "");
    const params = new URLSearchParams();
    if (request.color) params.set("color", request.color);
    if (request.size) params.set("size", request.size);
    const query = params.size > 0 ? `?${params}` : "";
    const productUrl = `${base}/product/${request.productId}${query}`;
    const unsubscribeUrl = `${base}/back-in-stock/unsubscribe?token=${encodeURIComponent(request.token)}`;
    const what = [request.productName, request.color, request.size ? `size ${request.size}` : null]
      .filter(Boolean)
      .join(", ");
    const body = renderMail({
      shopName: this.shop.name,
      greeting: "It's back.",
      paragraphs: [`${what} is in stock again. Sizes go fast after a restock, so grab yours while it lasts.`],
      action: { label: "Shop it now", url: productUrl },
      after: [
        "You asked us to tell you once, so this is the only e-mail about it.",
        `No more back-in-stock alerts to this address: ${unsubscribeUrl}`,
      ],
    });
    await this.mailer.send({ to: request.email, subject: `Back in stock: ${request.productName}`, ...body });
  }

  async unsubscribe(token: string): Promise<void> {
    if (!(await this.repo.unsubscribe(token, this.clock.now().toISOString()))) throw new NotFound(m.unknownLink);
  }

  /**
   * The owner's view (issue 30): per variant, the shoppers still waiting, most first, keyset-paged.
   * A count can change between two pages (a new request, the sweep), so a row may move; each page
   * is right as of its reading.
   */
  async demand(query: BackInStockDemandQuery): Promise<BackInStockDemandAnswer> {
    const after = query.cursor ? decodeCursor(query.cursor, ["number", "number"]) : undefined;
    const [rows, totals] = await Promise.all([
      this.repo.demand(after as [number, number] | undefined, query.limit + 1),
      this.repo.waitingTotals(),
    ]);
    const items = rows.slice(0, query.limit).map(toDemand);
    const last = items.at(-1);
    return {
      items,
      nextCursor: rows.length > query.limit && last ? encodeCursor([last.waiting, last.variantId]) : null,
      totals,
    };
  }
}

/** The sweep's own test: it answers requests only on a variant and product on sale with stock. */
function availabilityOf(row: DemandRow): DemandAvailability {
  if (row.productActive !== 1 || row.variantActive !== 1) return "not-on-sale";
  return row.stock > 0 ? "restocked" : "sold-out";
}

function toDemand(row: DemandRow): BackInStockDemand {
  return {
    variantId: row.variantId,
    productId: row.productId,
    productName: row.productName,
    productStatus: row.productStatus,
    color: row.color,
    size: row.size,
    sku: row.sku,
    stock: row.stock,
    availability: availabilityOf(row),
    waiting: Number(row.waiting),
    notified: Number(row.notified),
    oldestRequestAt: row.oldestRequestAt,
    newestRequestAt: row.newestRequestAt,
  };
}
