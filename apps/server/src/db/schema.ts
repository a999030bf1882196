import type { StockReason } from "@vaki/contract/admin/catalogue";
import type { SetupLinkKind, StaffRole } from "@vaki/contract/admin/schemas";
import type {
  AfterSalesKind,
  AfterSalesResolution,
  AfterSalesStatus,
  ReplacementLegStatus,
  ReturnCondition,
  ReturnLegStatus,
} from "@vaki/contract/exchanges";
import type { OrderStatus, PaymentStatus } from "@vaki/contract/orders";
import type { Generated } from "kysely";

/**
 * Table types of the shop's database. Both engines store the same shapes:
 * booleans as 0/1 integers, timestamps as ISO-8601 UTC text, money as integer paise,
 * structured values (specifications, attributes) as JSON text.
 */
export interface CategoriesTable {
  id: Generated<number>;
  name: string;
  slug: string;
  parent_id: number | null;
  description: string | null;
  /** One-line hook of a character category. */
  tagline: string | null;
  /** Signature colour of a character category (#rrggbb). */
  accent_color: string | null;
  image_url: string | null;
  is_active: Generated<number>;
  display_order: Generated<number>;
  /** JSON array of 0-based positions dropped from the category card's image slider (R-STORE-5). */
  excluded_image_positions: Generated<string>;
  /** 1 for a Vakiverse character (a child of the Vakiverse): its products name the character. */
  is_character: Generated<number>;
  created_at: string;
  updated_at: string;
}

/** A colour name's swatch, for the Color option and the list facets. */
export interface ColoursTable {
  /** As variants spell it ("Midnight Black"). */
  name: string;
  /** CSS hex (#rrggbb). */
  hex: string;
}

/** A slug a product had before (0023): an old link redirects to the product's slug now. */
export interface ProductSlugRedirectsTable {
  old_slug: string;
  product_id: number;
  created_at: string;
}

export interface ProductsTable {
  id: Generated<number>;
  name: string;
  slug: string;
  /** Base price in paise; variants may override it. */
  price: number;
  /** Sanitised HTML. */
  description_html: Generated<string>;
  /** JSON array of { name, value }. */
  specifications: Generated<string>;
  /** Sanitised HTML. */
  delivery_info_html: Generated<string>;
  is_featured: Generated<number>;
  is_active: Generated<number>;
  /** Higher sells more; drives sort=popular. */
  popularity: Generated<number>;
  created_at: string;
  updated_at: string;
  /** The owner's word (0010); `is_active` mirrors it (1 exactly when "active") for the storefront's reads. */
  status: Generated<ProductStatusColumn>;
  /** Bumped by every admin save: a form saved from an older version is refused (0010). */
  version: Generated<number>;
  /** A variant at or under this many units is "low" (0010). */
  low_stock_threshold: Generated<number>;
  /** GST (0012): HSN code printed on invoices, and the class whose dated rates apply. */
  hsn_code: Generated<string>;
  tax_class: Generated<TaxClassColumn>;
}

export type ProductStatusColumn = "draft" | "active" | "archived";

/** Every change of a variant's stock, in the transaction that made it (0010); it adds up to `stock_quantity`. */
export interface StockLedgerTable {
  id: Generated<number>;
  variant_id: number;
  /** Signed units (0 for a sale of units already held). */
  change: number;
  stock_after: number;
  reason: StockReason;
  order_id: string | null;
  staff_user_id: string | null;
  note: string | null;
  created_at: string;
}

export interface ProductImagesTable {
  id: Generated<number>;
  product_id: number;
  url: string;
  alt: Generated<string>;
  display_order: Generated<number>;
  is_primary: Generated<number>;
  /** The colour the image shows (a variant's color), or null when it shows every colour. */
  color: string | null;
  /** An uploaded photo's cleaned original (0017); null for the generated demo art. */
  original_id: number | null;
}

/** Uploaded photos as stored (0017): orientation applied, metadata stripped; keyed by their SHA-256. */
export interface MediaOriginalsTable {
  id: Generated<number>;
  /** Hex SHA-256 of `bytes`: the renditions' URLs carry it. */
  sha256: string;
  mime: string;
  width: number;
  height: number;
  byte_size: number;
  bytes: Buffer;
  created_at: string;
}

/** A category's or character's uploaded picture (0024): its cleaned original, shared with product photos' store. */
export interface CategoryPicturesTable {
  category_id: number;
  original_id: number;
  created_at: string;
}

export interface CategoryProductsTable {
  category_id: number;
  product_id: number;
}

/** The owner's product search by words (0028): a product's name words and SKU words and whole SKUs. */
export interface ProductSearchWordsTable {
  word: string;
  product_id: number;
}

export interface VariantsTable {
  id: Generated<number>;
  product_id: number;
  sku: string;
  /** Price in paise. */
  price: number;
  stock_quantity: Generated<number>;
  size: string | null;
  color: string | null;
  theme: string | null;
  story_description: string | null;
  is_active: Generated<number>;
  created_at: string;
  updated_at: string;
}

/** Key-value facts about the database itself, such as the catalogue version. */
export interface ShopStateTable {
  key: string;
  value: string;
}

/** What each catalogue version changed: a product, or everything (product_id null); decision 0024. */
export interface CatalogueChangesTable {
  id: Generated<number>;
  version: string;
  product_id: number | null;
  created_at: string;
}

export type UserRoleColumn = "customer" | "admin";

export interface UsersTable {
  /** crypto.randomUUID(), opaque to clients. */
  id: string;
  name: string;
  /** Trimmed and lower-cased. */
  email: string;
  /** E.164, +91XXXXXXXXXX by default. */
  mobile: string | null;
  /** argon2id PHC string. */
  password_hash: string;
  role: UserRoleColumn;
  /** YYYY-MM-DD. */
  birthday: string | null;
  /** JSON object of the stored preferences; defaults fill the gaps. */
  preferences: string;
  created_at: string;
  updated_at: string;
  /** When the owner blocked sign-in (0016); null while the account may sign in. */
  blocked_at: Generated<string | null>;
  /** The owner's reason, shown on the customer's page (0016). */
  blocked_reason: Generated<string | null>;
}

/** One login: lives at most 8 hours from created_at, whatever the refreshes. */
export interface SessionsTable {
  id: string;
  user_id: string;
  created_at: string;
  expires_at: string;
  revoked_at: string | null;
  last_refreshed_at: string | null;
}

/** Refresh tokens are stored only as SHA-256 hashes; a used one presented again revokes its session. */
export interface RefreshTokensTable {
  token_hash: string;
  session_id: string;
  created_at: string;
  used_at: string | null;
}

export interface PasswordResetTokensTable {
  token_hash: string;
  user_id: string;
  created_at: string;
  expires_at: string;
  used_at: string | null;
}

export interface ClubMembersTable {
  id: Generated<number>;
  name: string;
  email: string;
  /** +91XXXXXXXXXX. */
  phone: string;
  user_id: string | null;
  created_at: string;
}

/** Fixed-window counters shared by every server process (when Redis is not configured). */
export interface RateLimitsTable {
  key: string;
  window_start: string;
  expires_at: string;
  count: number;
}

/** A cart of a logged-in user or of a guest session (exactly one of the two). */
export interface CartsTable {
  /** crypto.randomUUID(). */
  id: string;
  user_id: string | null;
  /** A v4 UUID the storefront keeps for a guest, lower-cased. */
  guest_session_id: string | null;
  /** Code of the promotion applied to the cart, if any. */
  promo_code: string | null;
  created_at: string;
  updated_at: string;
}

/** One line per variant (unique cart_id + variant_id); quantity 1-10. Prices are read from the catalogue. */
export interface CartItemsTable {
  id: Generated<number>;
  cart_id: string;
  product_id: number;
  variant_id: number;
  quantity: number;
  created_at: string;
  updated_at: string;
}

export type PromotionKindColumn = "percentage" | "fixed";

export interface PromotionsTable {
  id: Generated<number>;
  /** Upper-case, unique. */
  code: string;
  description: string;
  kind: PromotionKindColumn;
  /** Percent (1-100) for percentage codes, paise for fixed ones. */
  value: number;
  first_order_only: number;
  starts_at: string | null;
  ends_at: string | null;
  usage_limit: number | null;
  /** Orders holding the code (reserved at order creation, given back when an unpaid order is cancelled). */
  times_used: Generated<number>;
  active: Generated<number>;
  /** Paise the cart's subtotal must reach for the code to apply (0: no minimum; 0014). */
  min_order_amount: Generated<number>;
  /** Paid orders one customer (account, e-mail or phone) may place with the code; null: no limit (0014). */
  per_customer_limit: number | null;
  created_at: string;
  updated_at: string;
}

export interface OrdersTable {
  /** crypto.randomUUID(): order ids must not be guessable. */
  id: string;
  /** Human-friendly, e.g. VK-100023. */
  order_number: string;
  user_id: string | null;
  guest_session_id: string | null;
  cart_id: string | null;
  /** SHA-256 (hex) of the guest's order secret; null for users' orders. */
  order_secret_hash: string | null;
  status: OrderStatus;
  payment_status: PaymentStatus;
  currency: string;
  subtotal: number;
  discount_amount: number;
  tax_amount: number;
  shipping_amount: number;
  total: number;
  promo_code: string | null;
  contact_email: string | null;
  contact_phone: string | null;
  shipping_method: string | null;
  /** JSON text. */
  shipping_address: string | null;
  /** JSON text. */
  billing_address: string | null;
  tracking_number: string | null;
  shiprocket_order_id: string | null;
  hold_expires_at: string | null;
  /** SHA-256 of the client address the order was placed from (hold limits); null for local callers and old orders. */
  client_address_hash: string | null;
  created_at: string;
  updated_at: string;
  /** Courier of the shipment, once an AWB is assigned (0004). */
  courier_name: Generated<string | null>;
  /** ORDER code scheme: the courier's last known status of the shipment (0004). */
  courier_status_code: Generated<number | null>;
  /** When the order reached each status (0004); the timeline's `at`. */
  confirmed_at: Generated<string | null>;
  processing_at: Generated<string | null>;
  shipped_at: Generated<string | null>;
  delivered_at: Generated<string | null>;
  cancelled_at: Generated<string | null>;
  /** Something the shop owner should look at (a reused first-order code, an unserviceable address). */
  review_note: Generated<string | null>;
  /** Cash on delivery (0009): the phone verified by a one-time code for this order (+91…). */
  cod_phone: Generated<string | null>;
  /** SHA-256 of the normalised delivery address of a COD order (the per-address COD limits). */
  cod_address_key: Generated<string | null>;
  /** A COD order placed but not confirmed yet (`to_confirm`: not shipped; stock held), or `confirmed`. */
  cod_state: Generated<"to_confirm" | "confirmed" | null>;
  cod_confirmed_at: Generated<string | null>;
  /** "auto" (verified phone, small order) or who confirmed it. */
  cod_confirmed_by: Generated<string | null>;
  /** The checkout that made the order (0009): a new one replaces only an unpaid order of the same kind; null before 0009 (cart). */
  checkout_kind: Generated<"cart" | "buy_now" | null>;
  /** When a person marked the parcel packed, and who (staff id) (0011). */
  packed_at: Generated<string | null>;
  packed_by: Generated<string | null>;
  /** Paise given back so far by people's refunds (0011); never above what was paid. */
  refunded_amount: Generated<number>;
  /** Failed delivery (0018): what the shop asked the courier, when, and the re-attempt's India day. */
  ndr_action: Generated<"re-attempt" | "return" | null>;
  ndr_requested_at: Generated<string | null>;
  reattempt_date: Generated<string | null>;
  /** When the returned parcel was received back at the warehouse (0018). */
  returned_at: Generated<string | null>;
}

export type OrderRefundMethod = "gateway" | "bank" | "upi";
export type OrderRefundStatus = "processing" | "completed" | "failed";

/** A refund a person made from the admin (0011): through the gateway, or a bank/UPI transfer for COD. */
export interface OrderRefundsTable {
  id: Generated<number>;
  order_id: string;
  amount: number;
  reason: string;
  method: OrderRefundMethod;
  /** Gateway refund id, or the bank/UPI transfer's reference. */
  reference: string | null;
  status: OrderRefundStatus;
  staff_user_id: string | null;
  created_at: string;
}

/** The lines a refund by line gave back (0020): units and paise of each; a line's units are refunded once. */
/** The words of an order's delivery name and city, for the inbox's name search (migration 0022). */
export interface OrderNameWordsTable {
  word: string;
  order_id: string;
  /** The order's created_at: a common word's orders are walked newest first by it. */
  created_at: string;
}

export interface OrderRefundLinesTable {
  id: Generated<number>;
  refund_id: number;
  order_item_id: number;
  quantity: number;
  amount: number;
}

/** What was bought, copied from the catalogue when the order was created. */
export interface OrderItemsTable {
  id: Generated<number>;
  order_id: string;
  product_id: number;
  variant_id: number;
  sku: string;
  product_name: string;
  image_url: string | null;
  size: string | null;
  color: string | null;
  unit_price: number;
  quantity: number;
  line_total: number;
  /** GST as charged when the order was placed (0012); null on lines placed before. */
  hsn_code: Generated<string | null>;
  tax_class: Generated<string | null>;
  /** The line's share of the order's discount; line_total - discount_amount = taxable_value + tax_amount. */
  discount_amount: Generated<number | null>;
  tax_rate_bp: Generated<number | null>;
  taxable_value: Generated<number | null>;
  tax_amount: Generated<number | null>;
}

export interface OrderNumbersTable {
  number: Generated<number>;
  order_id: string;
  created_at: string;
}

export type StockHoldStatusColumn = "HELD" | "SOLD" | "RELEASED" | "RETURNED";

/** Stock taken from variants.stock_quantity for an order (decision 0004). */
export interface StockHoldsTable {
  id: Generated<number>;
  order_id: string;
  variant_id: number;
  quantity: number;
  status: StockHoldStatusColumn;
  created_at: string;
  expires_at: string;
  updated_at: string;
}

/** One hosted-checkout session at a gateway for an order (several when the shopper starts again). */
export interface PaymentsTable {
  /** crypto.randomUUID(). */
  id: string;
  order_id: string;
  provider: string;
  /** The gateway's id of the checkout (`oid` of the return redirect); unique. */
  checkout_id: string;
  token: string;
  token_expires_at: string;
  /** What the gateway said of this checkout, in the order's payment-status words. */
  status: PaymentStatus;
  /** Paise asked for (the order's total). */
  amount: number;
  currency: string;
  payment_type: "PREPAID" | "CASH_ON_DELIVERY" | null;
  payment_id: string | null;
  gateway_transaction_id: string | null;
  /** JSON text: the gateway's own answer. */
  raw: string | null;
  /** Why this payment was not applied and needs a person (amount differs, another order...). */
  review_reason: string | null;
  refund_id: string | null;
  created_at: string;
  updated_at: string;
  /** Paise the gateway says it took, when that differs from `amount` (0009). */
  gateway_amount: Generated<number | null>;
  /** What became of a payment flagged for review (0009): "refunded" or "kept". */
  review_outcome: Generated<"refunded" | "kept" | null>;
  reviewed_at: Generated<string | null>;
}

/** The one shipment of an order at the courier platform (a row is first a claim, then filled in). */
export interface ShipmentsTable {
  order_id: string;
  provider: string;
  payment_method: "Prepaid" | "COD";
  provider_order_id: string | null;
  shipment_id: string | null;
  awb: string | null;
  courier_id: number | null;
  courier_name: string | null;
  /** ORDER code scheme. */
  status_code: number | null;
  pickup_requested_at: string | null;
  created_at: string;
  updated_at: string;
  cancelled_at: string | null;
}

/** The sandbox gateway's sessions (providers/payment/sandbox-checkout-store.ts). */
export interface SandboxCheckoutsTable {
  checkout_id: string;
  token: string;
  order_json: string;
  status: "INITIATED" | "SUCCESS" | "FAILED";
  payment_type: string | null;
  method: string | null;
  payment_id: string | null;
  gateway_transaction_id: string | null;
  email: string | null;
  phone: string | null;
  shipping_address: string | null;
  billing_address: string | null;
  /** JSON array. */
  refunds: string;
  created_at: string;
  expires_at: string;
  completed_at: string | null;
  version: number;
}

/** The sandbox courier's shipments (providers/shipping/sandbox-shipment-store.ts). */
export interface SandboxShipmentsTable {
  shipment_id: string;
  provider_order_id: string;
  order_id: string;
  order_number: string;
  created_at: string;
  payment_method: string;
  weight_grams: number;
  region: string;
  destination_city: string;
  destination_pincode: string;
  consignee_name: string;
  awb: string | null;
  courier_id: number | null;
  courier_name: string | null;
  awb_assigned_at: string | null;
  pickup_requested_at: string | null;
  cancelled_at: string | null;
  version: number;
  /** The sandbox's failed-delivery journey (0018): 1 when the parcel stops at Undelivered. */
  fails_delivery: Generated<number>;
  ndr_action: Generated<"re-attempt" | "return" | null>;
  ndr_action_at: Generated<string | null>;
  /** A reverse pickup from a customer (0021) follows the return journey; "forward" otherwise. */
  direction: Generated<"forward" | "return">;
}

export type OutboxStatusColumn = "PENDING" | "RUNNING" | "DONE" | "FAILED";

/** Side effects of committed changes, delivered by the outbox worker (decision 0005). */
export interface OutboxTable {
  id: Generated<number>;
  kind: string;
  /** JSON text. */
  payload: string;
  dedupe_key: string;
  status: OutboxStatusColumn;
  attempts: number;
  next_attempt_at: string;
  locked_until: string | null;
  locked_by: string | null;
  last_error: string | null;
  created_at: string;
  updated_at: string;
}

/** A person of the shop's staff (not a customer): their own sign-in with TOTP (0008). */
export interface StaffUsersTable {
  /** crypto.randomUUID(). */
  id: string;
  /** Trimmed and lower-cased. */
  email: string;
  name: string;
  role: StaffRole;
  /** argon2id PHC string. */
  password_hash: string;
  /** The TOTP secret, AES-256-GCM encrypted (staff/secret-box.ts); null until enrolled. */
  totp_secret: string | null;
  /** The 30-second step of the last accepted code: a code is never accepted twice. */
  totp_last_step: number | null;
  active: Generated<number>;
  last_sign_in_at: string | null;
  created_at: string;
  updated_at: string;
}

/** A staff sign-in: the cookie holds a token whose SHA-256 is stored; 30 min idle, 12 h at most. */
export interface StaffSessionsTable {
  id: string;
  staff_id: string;
  token_hash: string;
  /** Sent back as X-CSRF-Token on every write of this session. */
  csrf_token: string;
  created_at: string;
  last_seen_at: string;
  ends_at: string;
  /** When the password and a fresh code were last confirmed (sign-in or step-up). */
  step_up_at: string | null;
  ended_at: string | null;
}

/** Setup, invitation and reset-two-factor links; the token is stored only as its SHA-256. */
export interface StaffLinksTable {
  id: string;
  kind: SetupLinkKind;
  token_hash: string;
  email: string | null;
  name: string | null;
  role: StaffRole;
  /** The person a reset-two-factor link is for. */
  staff_id: string | null;
  created_by: string | null;
  pending_name: string | null;
  pending_email: string | null;
  pending_password_hash: string | null;
  /** Encrypted like staff_users.totp_secret. */
  pending_totp_secret: string | null;
  created_at: string;
  expires_at: string;
  used_at: string | null;
  /** Set when a newer link of the same kind replaces it (first-owner setup links). */
  revoked_at: string | null;
}

/** The second step of a sign-in: password checked, code still to come (5 minutes, single use). */
export interface StaffSignInChallengesTable {
  token_hash: string;
  staff_id: string;
  created_at: string;
  expires_at: string;
  used_at: string | null;
}

export interface StaffRecoveryCodesTable {
  id: Generated<number>;
  staff_id: string;
  /** HMAC-SHA256 of the code with a key derived from the shop's secret. */
  code_hash: string;
  created_at: string;
  used_at: string | null;
}

/** Append-only: nothing updates or deletes a row. */
export interface AuditEventsTable {
  id: Generated<number>;
  at: string;
  /** The staff person; null for the system. */
  actor_id: string | null;
  action: string;
  entity_type: string;
  entity_id: string;
  /** JSON object { field: { before, after } }. */
  changes: Generated<string>;
  request_id: string | null;
  /** Keyed SHA-256 of the client address. */
  address_hash: string | null;
}

export interface OrderNotesTable {
  id: string;
  order_id: string;
  author_id: string | null;
  text: string;
  created_at: string;
}

/** A signed-in shopper's saved product (unique user + product); a guest's list stays in the browser. */
export interface WishlistItemsTable {
  id: Generated<number>;
  user_id: string;
  product_id: number;
  created_at: string;
}

/** "Notify me when it is back" on a sold-out variant: answered once (notified_at), or unsubscribed. */
export interface BackInStockRequestsTable {
  id: Generated<number>;
  variant_id: number;
  /** Trimmed and lower-cased. */
  email: string;
  user_id: string | null;
  /** Random; the unsubscribe link's. */
  token: string;
  created_at: string;
  notified_at: string | null;
  unsubscribed_at: string | null;
}

/** A signed-in shopper's saved address (0015): at most 10 per account, one default while any exist. */
export interface SavedAddressesTable {
  id: string;
  user_id: string;
  full_name: string;
  phone: string;
  line1: string;
  line2: string;
  city: string;
  state: string;
  /** Pincode in India, postal code abroad ("" where a country has none). */
  pincode: string;
  country: string;
  is_default: number;
  created_at: string;
  updated_at: string;
}

export interface Database {
  categories: CategoriesTable;
  products: ProductsTable;
  product_slug_redirects: ProductSlugRedirectsTable;
  product_images: ProductImagesTable;
  media_originals: MediaOriginalsTable;
  category_pictures: CategoryPicturesTable;
  category_products: CategoryProductsTable;
  product_search_words: ProductSearchWordsTable;
  variants: VariantsTable;
  stock_ledger: StockLedgerTable;
  shop_state: ShopStateTable;
  catalogue_changes: CatalogueChangesTable;
  colours: ColoursTable;
  users: UsersTable;
  sessions: SessionsTable;
  refresh_tokens: RefreshTokensTable;
  password_reset_tokens: PasswordResetTokensTable;
  club_members: ClubMembersTable;
  rate_limits: RateLimitsTable;
  carts: CartsTable;
  cart_items: CartItemsTable;
  promotions: PromotionsTable;
  orders: OrdersTable;
  order_refunds: OrderRefundsTable;
  order_refund_lines: OrderRefundLinesTable;
  order_name_words: OrderNameWordsTable;
  order_items: OrderItemsTable;
  order_numbers: OrderNumbersTable;
  stock_holds: StockHoldsTable;
  payments: PaymentsTable;
  shipments: ShipmentsTable;
  sandbox_checkouts: SandboxCheckoutsTable;
  sandbox_shipments: SandboxShipmentsTable;
  outbox: OutboxTable;
  phone_verifications: PhoneVerificationsTable;
  cod_blocks: CodBlocksTable;
  staff_users: StaffUsersTable;
  staff_sessions: StaffSessionsTable;
  staff_links: StaffLinksTable;
  staff_sign_in_challenges: StaffSignInChallengesTable;
  staff_recovery_codes: StaffRecoveryCodesTable;
  audit_events: AuditEventsTable;
  order_notes: OrderNotesTable;
  shop_settings: ShopSettingsTable;
  document_series: DocumentSeriesTable;
  tax_documents: TaxDocumentsTable;
  wishlist_items: WishlistItemsTable;
  back_in_stock_requests: BackInStockRequestsTable;
  saved_addresses: SavedAddressesTable;
  after_sales_requests: AfterSalesRequestsTable;
  after_sales_photos: AfterSalesPhotosTable;
}

/**
 * A size exchange or defect report of one order line (0021): the request's state and its two
 * legs' (the unit coming back, the new size going out), the units held for it, and the courier's
 * references of the reverse pickup and the replacement. Moves only through the contract's tables.
 */
export interface AfterSalesRequestsTable {
  id: Generated<number>;
  order_id: string;
  order_item_id: number;
  kind: AfterSalesKind;
  resolution: AfterSalesResolution | null;
  status: AfterSalesStatus;
  return_status: ReturnLegStatus | null;
  replacement_status: ReplacementLegStatus | null;
  quantity: number;
  from_variant_id: number;
  /** The new size (exchange) or the same variant (defect replaced); null for a refund. */
  to_variant_id: number | null;
  /** The units of `to_variant_id` taken from stock for this request (never in stock_holds). */
  hold_status: "HELD" | "SOLD" | "RELEASED" | null;
  description: string | null;
  refusal_reason: string | null;
  return_condition: ReturnCondition | null;
  return_provider_order_id: string | null;
  return_shipment_id: string | null;
  return_awb: string | null;
  return_courier_name: string | null;
  replacement_provider_order_id: string | null;
  replacement_shipment_id: string | null;
  replacement_awb: string | null;
  replacement_courier_name: string | null;
  /** Paise. */
  refunded_amount: Generated<number>;
  created_at: string;
  updated_at: string;
  decided_at: string | null;
  picked_up_at: string | null;
  at_warehouse_at: string | null;
  received_at: string | null;
  replacement_shipped_at: string | null;
  replacement_delivered_at: string | null;
  completed_at: string | null;
  /** The staff person who approved, refused or marked the size unavailable. */
  decided_by: string | null;
  /** When the courier sync last asked about the request's parcels (it takes the longest unasked first). */
  courier_checked_at: Generated<string | null>;
}

/** A defect report's photo (0021): auto-oriented, metadata stripped, at most 1600 px, WebP. */
export interface AfterSalesPhotosTable {
  id: Generated<number>;
  request_id: number;
  mime: string;
  bytes: Buffer;
  width: number;
  height: number;
  created_at: string;
}

export type TaxClassColumn = "clothing" | "headwear" | "bags";

/** The owner's settings over their environment defaults (0012): legal name, GSTIN, prefixes... */
export interface ShopSettingsTable {
  key: string;
  value: string;
  updated_at: string;
}

/** The last number given in a series and financial year (0012), e.g. invoice / 2025-26. */
export interface DocumentSeriesTable {
  series: "invoice" | "credit_note";
  /** "25-26": April 2025 to March 2026. */
  fiscal_year: string;
  last_number: number;
}

/** An issued invoice or credit note (0012); `document` is the JSON it prints, as issued. */
export interface TaxDocumentsTable {
  id: string;
  kind: "invoice" | "credit_note";
  number: string;
  fiscal_year: string;
  sequence: number;
  order_id: string;
  source_key: string;
  issued_at: string;
  total: number;
  taxable_value: number;
  tax_amount: number;
  document: string;
}

/** One-time codes sent to a phone before a cash-on-delivery order (0009); the code is stored hashed. */
export interface PhoneVerificationsTable {
  id: string;
  /** Normalised, e.g. +919876543210. */
  phone: string;
  /** HMAC-SHA256 of the code with the row's id (base64url). */
  code_hash: string;
  /** Wrong and right tries so far (at most 5). */
  attempts: Generated<number>;
  sent_at: string;
  expires_at: string;
  verified_at: Generated<string | null>;
}

/** Phones and pincodes the owner has taken cash on delivery away from (0009). */
export interface CodBlocksTable {
  id: string;
  kind: "phone" | "pincode";
  value: string;
  reason: string | null;
  created_at: string;
}
