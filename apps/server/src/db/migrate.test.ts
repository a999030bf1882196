import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestDatabase, type TestDatabase, testEngine } from "../../test/helpers/database.js";
import { migrateToLatest } from "./migrate.js";

/** Column name → nullable, per table: the shape both engines must end up with. */
const expectedSchema: Record<string, Record<string, boolean>> = {
  categories: {
    id: false,
    name: false,
    slug: false,
    parent_id: true,
    description: true,
    tagline: true,
    accent_color: true,
    image_url: true,
    is_active: false,
    display_order: false,
    excluded_image_positions: false,
    is_character: false,
    created_at: false,
    updated_at: false,
  },
  products: {
    id: false,
    name: false,
    slug: false,
    price: false,
    description_html: false,
    specifications: false,
    delivery_info_html: false,
    is_featured: false,
    is_active: false,
    popularity: false,
    created_at: false,
    updated_at: false,
    hsn_code: false,
    tax_class: false,
    status: false,
    version: false,
    low_stock_threshold: false,
  },
  stock_ledger: {
    id: false,
    variant_id: false,
    change: false,
    stock_after: false,
    reason: false,
    order_id: true,
    staff_user_id: true,
    note: true,
    created_at: false,
  },
  product_images: {
    id: false,
    product_id: false,
    url: false,
    alt: false,
    display_order: false,
    is_primary: false,
    color: true,
    /** An uploaded photo's original (0017); null for the generated demo art. */
    original_id: true,
  },
  colours: { name: false, hex: false },
  category_products: { category_id: false, product_id: false },
  variants: {
    id: false,
    product_id: false,
    sku: false,
    price: false,
    stock_quantity: false,
    size: true,
    color: true,
    theme: true,
    story_description: true,
    is_active: false,
    created_at: false,
    updated_at: false,
  },
  shop_state: { key: false, value: false },
  users: {
    id: false,
    name: false,
    email: false,
    mobile: true,
    password_hash: false,
    role: false,
    birthday: true,
    preferences: false,
    created_at: false,
    updated_at: false,
    /** Sign-in blocked by the shop, and why (0016). */
    blocked_at: true,
    blocked_reason: true,
  },
  sessions: {
    id: false,
    user_id: false,
    created_at: false,
    expires_at: false,
    revoked_at: true,
    last_refreshed_at: true,
  },
  refresh_tokens: { token_hash: false, session_id: false, created_at: false, used_at: true },
  password_reset_tokens: { token_hash: false, user_id: false, created_at: false, expires_at: false, used_at: true },
  club_members: { id: false, name: false, email: false, phone: false, user_id: true, created_at: false },
  rate_limits: { key: false, window_start: false, expires_at: false, count: false },
  payments: {
    id: false,
    order_id: false,
    provider: false,
    checkout_id: false,
    token: false,
    token_expires_at: false,
    status: false,
    amount: false,
    currency: false,
    payment_type: true,
    payment_id: true,
    gateway_transaction_id: true,
    raw: true,
    review_reason: true,
    refund_id: true,
    created_at: false,
    updated_at: false,
    gateway_amount: true,
    review_outcome: true,
    reviewed_at: true,
  },
  phone_verifications: {
    id: false,
    phone: false,
    code_hash: false,
    attempts: false,
    sent_at: false,
    expires_at: false,
    verified_at: true,
  },
  order_refunds: {
    id: false,
    order_id: false,
    amount: false,
    reason: false,
    method: false,
    reference: true,
    status: false,
    staff_user_id: true,
    created_at: false,
  },
  cod_blocks: { id: false, kind: false, value: false, reason: true, created_at: false },
  shop_settings: { key: false, value: false, updated_at: false },
  document_series: { series: false, fiscal_year: false, last_number: false },
  tax_documents: {
    id: false,
    kind: false,
    number: false,
    fiscal_year: false,
    sequence: false,
    order_id: false,
    source_key: false,
    issued_at: false,
    total: false,
    taxable_value: false,
    tax_amount: false,
    document: false,
  },
  shipments: {
    order_id: false,
    provider: false,
    payment_method: false,
    provider_order_id: true,
    shipment_id: true,
    awb: true,
    courier_id: true,
    courier_name: true,
    status_code: true,
    pickup_requested_at: true,
    created_at: false,
    updated_at: false,
    cancelled_at: true,
  },
  outbox: {
    id: false,
    kind: false,
    payload: false,
    dedupe_key: false,
    status: false,
    attempts: false,
    next_attempt_at: false,
    locked_until: true,
    locked_by: true,
    last_error: true,
    created_at: false,
    updated_at: false,
  },
  wishlist_items: { id: false, user_id: false, product_id: false, created_at: false },
  category_pictures: { category_id: false, original_id: false, created_at: false },
  product_slug_redirects: { old_slug: false, product_id: false, created_at: false },
  back_in_stock_requests: {
    id: false,
    variant_id: false,
    email: false,
    user_id: true,
    token: false,
    created_at: false,
    notified_at: true,
    unsubscribed_at: true,
  },
};

describe(`migrations (${testEngine})`, () => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await createTestDatabase();
  });
  afterAll(async () => database.destroy());

  it("produce the catalogue tables with the same columns and nullability on this engine", async () => {
    const tables = await database.db.introspection.getTables();
    for (const [table, columns] of Object.entries(expectedSchema)) {
      const found = tables.find((t) => t.name === table);
      expect(found, `table ${table}`).toBeDefined();
      const actual = Object.fromEntries((found?.columns ?? []).map((c) => [c.name, c.isNullable]));
      expect(actual, `columns of ${table}`).toEqual(columns);
    }
  });

  it("is idempotent: a second run applies nothing", async () => {
    expect(await migrateToLatest(database.db, database.dialect)).toEqual([]);
  });

  it("refuses negative stock and prices at the database level", async () => {
    const now = new Date().toISOString();
    const product = await database.db
      .insertInto("products")
      .values({ name: "Test tee", slug: "test-tee", price: 99_900, created_at: now, updated_at: now })
      .returning("id")
      .executeTakeFirstOrThrow();
    await expect(
      database.db
        .insertInto("variants")
        .values({
          product_id: product.id,
          sku: "T-1",
          price: 99_900,
          stock_quantity: -1,
          created_at: now,
          updated_at: now,
        })
        .execute(),
    ).rejects.toThrow();
  });
});
