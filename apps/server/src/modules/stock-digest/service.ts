import type { Db } from "../../db/connection.js";
import type { Clock } from "../../lib/clock.js";
import type { Logger } from "../../lib/logger.js";
import { renderMail } from "../../providers/mail/layout.js";
import type { Mailer } from "../../providers/mail/mailer.js";
import type { Outbox } from "../outbox/service.js";
import type { ShopLinks } from "../shop-module.js";
import type { LowStockRow, StockDigestRepo } from "./repo.js";

/** The outbox kind of the owner's daily low-stock e-mail. */
export const stockDigestMailKind = "low-stock-digest-mail";

/** Lines in one e-mail; the admin's filtered list holds the rest. */
export const DIGEST_MAX_LINES = 200;

/** The shop's day and hour: India's (UTC+5:30, no daylight saving), whatever the server's zone. */
const INDIA_OFFSET_MS = 330 * 60_000;

export function indiaDayAndHour(at: Date): { day: string; hour: number } {
  const local = new Date(at.getTime() + INDIA_OFFSET_MS);
  return { day: local.toISOString().slice(0, 10), hour: local.getUTCHours() };
}

function variantLabel(row: LowStockRow): string {
  const options = [row.color, row.size].filter((value): value is string => Boolean(value));
  return `${row.productName}${options.length > 0 ? ` — ${options.join(" / ")}` : ""} (${row.sku})`;
}

/**
 * The owner's daily low-stock digest (issue 27): once a day, from the configured hour in India,
 * one e-mail through the outbox listing the sizes sold out and those at or under their product's
 * low-stock threshold. The day is the outbox row's dedupe key, so every process may try and one
 * e-mail goes out; a day with nothing low sends nothing.
 */
export class StockDigestService {
  constructor(
    private readonly deps: {
      db: Db;
      repo: StockDigestRepo;
      outbox: Outbox;
      mailer: Mailer;
      clock: Clock;
      log: Logger;
      shop: ShopLinks;
      ownerEmail: string | undefined;
      /** The hour (0–23, India) from which the day's digest goes out. */
      hour: number;
    },
  ) {}

  /** Queues today's digest once its hour has come; answers whether this call queued it. */
  async queueDue(): Promise<boolean> {
    const { day, hour } = indiaDayAndHour(this.deps.clock.now());
    if (hour < this.deps.hour || !this.deps.ownerEmail) return false;
    const queued = await this.deps.outbox.enqueue(this.deps.db, {
      kind: stockDigestMailKind,
      payload: { day },
      dedupeKey: `${stockDigestMailKind}:${day}`,
    });
    if (queued) this.deps.outbox.tick();
    return queued;
  }

  /** The digest's list as it stands (sold out first, then the fewest left): the admin's dashboard shows its head. */
  restockList(limit: number): Promise<LowStockRow[]> {
    return this.deps.repo.lowAndOut(limit);
  }

  /** The outbox handler: the figures as they stand when it runs. A mail failure throws, so it is retried. */
  async deliver(day: string): Promise<void> {
    const { ownerEmail, shop, log } = this.deps;
    if (!ownerEmail) return;
    const rows = await this.deps.repo.lowAndOut(DIGEST_MAX_LINES + 1);
    if (rows.length === 0) {
      log.info({ day }, "low-stock digest: nothing low or sold out today");
      return;
    }
    const shown = rows.slice(0, DIGEST_MAX_LINES);
    const out = shown.filter((row) => row.stock <= 0);
    const low = shown.filter((row) => row.stock > 0);
    const admin = `${shop.publicUrl.replace(/\/$/, "")}/admin/products`;
    const counts = [
      out.length > 0 ? `${out.length} sold out` : null,
      low.length > 0 ? `${low.length} running low` : null,
    ].filter(Boolean);
    const body = renderMail({
      shopName: shop.name,
      greeting: "Hello,",
      paragraphs: [
        `Stock today (${day}): ${counts.join(", ")}${rows.length > DIGEST_MAX_LINES ? `, and more than the ${DIGEST_MAX_LINES} listed here` : ""}.`,
        "Each size is counted against its product's low-stock threshold, as the admin's product list shows it.",
      ],
      sections: [
        ...(out.length > 0
          ? [{ heading: "Sold out", lines: out.map((row) => ({ label: variantLabel(row), value: "0 left" })) }]
          : []),
        ...(low.length > 0
          ? [
              {
                heading: "Running low",
                lines: low.map((row) => ({
                  label: `${variantLabel(row)}, low at ${row.threshold}`,
                  value: `${row.stock} left`,
                })),
              },
            ]
          : []),
      ],
      action: { label: "Restock in the admin", url: `${admin}?stock=${out.length > 0 ? "out" : "low"}` },
    });
    await this.deps.mailer.send({
      to: ownerEmail,
      subject: `${shop.name}: ${counts.join(", ")} (${day})`,
      ...body,
    });
  }
}
