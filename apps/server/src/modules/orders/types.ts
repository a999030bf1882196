import type { Selectable } from "kysely";
import type { OrderItemsTable, OrdersTable } from "../../db/schema.js";

/** An order row and its lines as stored: what other modules get from `OrdersService`. */
export type OrderRecord = Selectable<OrdersTable>;
export type OrderItemRecord = Selectable<OrderItemsTable>;

/** The checkout that made an order: the cart's, or Buy Now's one line. */
export type CheckoutKind = "cart" | "buy_now";
