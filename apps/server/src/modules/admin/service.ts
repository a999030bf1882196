import { randomUUID } from "node:crypto";
import type { AdminCustomerProfile } from "@vaki/contract/admin/customers";
import type { OrderActionsAvailable, OrderRefund } from "@vaki/contract/admin/inbox";
import { can } from "@vaki/contract/admin/permissions";
import {
  type AdminOrderDetail,
  type AdminProductDetail,
  type AdminSearchAnswer,
  adminLimits,
  adminMessages as m,
  type OrderNote,
  type StaffRole,
  type TimelineItem,
} from "@vaki/contract/admin/schemas";
import type { Clock } from "../../lib/clock.js";
import { NotFound } from "../../lib/errors.js";
import type { CustomerAdminReads } from "../accounts/admin-reads.js";
import type { AuditLog } from "../audit/service.js";
import type { AuditContext } from "../audit/types.js";
import type { CatalogAdminReads } from "../catalog/admin-reads.js";
import type { OrderAdminReads } from "../orders/admin-reads.js";
import type { OrderRecord } from "../orders/types.js";
import type { AdminRepo, OrderNoteRow } from "./repo.js";

/** What the order page reads of the inbox's actions (order-actions.ts). */
export interface OrderActionsReader {
  refundsOf(orderId: string): Promise<OrderRefund[]>;
  available(record: OrderRecord): Promise<OrderActionsAvailable>;
}

export interface AdminReads {
  orders: OrderAdminReads;
  products: CatalogAdminReads;
  customers: CustomerAdminReads;
}

/** The owner's read views over orders, products and customers, search, and order notes. */
export class AdminService {
  constructor(
    private readonly repo: AdminRepo,
    readonly reads: AdminReads,
    private readonly audit: AuditLog,
    private readonly clock: Clock,
  ) {}

  /** Each section only when the role may read it; at most 5 hits each. */
  async search(role: StaffRole, q: string): Promise<AdminSearchAnswer> {
    const limit = adminLimits.searchSectionMax;
    const [orders, products, customers] = await Promise.all([
      can(role, "orders:read") ? this.reads.orders.search(q, limit) : [],
      can(role, "products:read") ? this.reads.products.search(q, limit) : [],
      can(role, "customers:read") ? this.reads.customers.search(q, limit) : [],
    ]);
    return { orders, products, customers };
  }

  /** One order; with `actions`, also its refunds and which actions make sense now (the inbox's buttons). */
  async order(orderId: string, actions?: OrderActionsReader): Promise<AdminOrderDetail> {
    const detail = await this.reads.orders.detail(orderId);
    if (!detail) throw new NotFound(m.orderNotFound);
    const { statusTimes, record, ...order } = detail;
    const [notes, events, refunds, available] = await Promise.all([
      this.repo.notesOf(orderId),
      this.audit.forEntity("order", orderId),
      actions ? actions.refundsOf(orderId) : [],
      actions ? actions.available(record) : null,
    ]);
    const timeline: TimelineItem[] = [
      ...statusTimes.map((entry) => ({ kind: "status" as const, at: entry.at, status: entry.status })),
      ...events.map((event) => ({ kind: "audit" as const, at: event.at, event })),
    ].sort((a, b) => (a.at < b.at ? -1 : a.at > b.at ? 1 : 0));
    return { ...order, notes: notes.map(toNote), timeline, refunds, actions: available };
  }

  async product(productId: number): Promise<AdminProductDetail> {
    const product = await this.reads.products.detail(productId);
    if (!product) throw new NotFound(m.productNotFound);
    const events = await this.audit.forEntity("product", String(productId));
    return { ...product, timeline: events.map((event) => ({ kind: "audit" as const, at: event.at, event })) };
  }

  /** One customer: summary, orders, block state, lifetime value, Club membership, addresses used. */
  async customer(customerId: string): Promise<AdminCustomerProfile> {
    const [customer, profile] = await Promise.all([
      this.reads.customers.summary(customerId),
      this.reads.customers.profile(customerId),
    ]);
    if (!customer || !profile) throw new NotFound(m.customerNotFound);
    return { ...customer, ...profile, orders: await this.reads.orders.ofCustomer(customerId, adminLimits.listMax) };
  }

  /** A note on an order, audited in the same transaction. */
  async addNote(orderId: string, text: string, context: AuditContext): Promise<OrderNote> {
    if (!(await this.reads.orders.exists(orderId))) throw new NotFound(m.orderNotFound);
    const row = {
      id: randomUUID(),
      order_id: orderId,
      author_id: context.actorId,
      text,
      created_at: this.clock.now().toISOString(),
    };
    await this.repo.transaction(async (repo, trx) => {
      await repo.insertNote(row);
      await this.audit.record(trx, context, {
        action: "order.note_add",
        entityType: "order",
        entityId: orderId,
        changes: { note: { before: null, after: text } },
      });
    });
    const notes = await this.repo.notesOf(orderId);
    const saved = notes.find((note) => note.id === row.id);
    if (!saved) throw new NotFound(m.orderNotFound);
    return toNote(saved);
  }
}

function toNote(row: OrderNoteRow): OrderNote {
  return {
    id: row.id,
    orderId: row.order_id,
    text: row.text,
    author:
      row.author_id && row.author_name !== null && row.author_email !== null
        ? { id: row.author_id, name: row.author_name, email: row.author_email }
        : null,
    createdAt: row.created_at,
  };
}
