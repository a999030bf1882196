import type { SavedAddress } from "@vaki/contract/addresses";
import type { PostalAddress } from "@vaki/contract/fulfilment";
import type { Selectable } from "kysely";
import type { Db } from "../../db/connection.js";
import type { SavedAddressesTable } from "../../db/schema.js";

type Row = Selectable<SavedAddressesTable>;

const toAddress = (row: Row): SavedAddress => ({
  id: row.id,
  fullName: row.full_name,
  phone: row.phone,
  line1: row.line1,
  line2: row.line2,
  city: row.city,
  state: row.state,
  pincode: row.pincode,
  country: row.country,
  isDefault: row.is_default === 1,
  createdAt: row.created_at,
  updatedAt: row.updated_at,
});

const columnsOf = (address: PostalAddress) => ({
  full_name: address.fullName,
  phone: address.phone,
  line1: address.line1,
  line2: address.line2,
  city: address.city,
  state: address.state,
  pincode: address.pincode,
  country: address.country,
});

/** The address book's rows (SQL only). */
export class AddressesRepo {
  constructor(private readonly db: Db) {}

  transaction<T>(work: (repo: AddressesRepo) => Promise<T>): Promise<T> {
    return this.db.transaction().execute((trx) => work(new AddressesRepo(trx)));
  }

  /**
   * Takes the account's write lock for the rest of the transaction: an UPDATE locks the user's
   * row on PostgreSQL and takes SQLite's write lock, so two tabs' writes run one after the other
   * (the limit and the one default hold). False when the account is gone.
   */
  async lockUser(userId: string): Promise<boolean> {
    const row = await this.db
      .updateTable("users")
      .set((eb) => ({ id: eb.ref("id") }))
      .where("id", "=", userId)
      .returning("id")
      .executeTakeFirst();
    return row !== undefined;
  }

  /** The default first, then newest first. */
  async list(userId: string): Promise<SavedAddress[]> {
    const rows = await this.db
      .selectFrom("saved_addresses")
      .selectAll()
      .where("user_id", "=", userId)
      .orderBy("is_default", "desc")
      .orderBy("created_at", "desc")
      .orderBy("id", "desc")
      .execute();
    return rows.map(toAddress);
  }

  /** One of the user's addresses; another account's is as good as missing. */
  async find(userId: string, id: string): Promise<SavedAddress | undefined> {
    const row = await this.db
      .selectFrom("saved_addresses")
      .selectAll()
      .where("id", "=", id)
      .where("user_id", "=", userId)
      .executeTakeFirst();
    return row ? toAddress(row) : undefined;
  }

  async insert(input: { id: string; userId: string; address: PostalAddress; isDefault: boolean; at: string }) {
    await this.db
      .insertInto("saved_addresses")
      .values({
        id: input.id,
        user_id: input.userId,
        ...columnsOf(input.address),
        is_default: input.isDefault ? 1 : 0,
        created_at: input.at,
        updated_at: input.at,
      })
      .execute();
  }

  async update(userId: string, id: string, address: PostalAddress, at: string): Promise<void> {
    await this.db
      .updateTable("saved_addresses")
      .set({ ...columnsOf(address), updated_at: at })
      .where("id", "=", id)
      .where("user_id", "=", userId)
      .execute();
  }

  async delete(userId: string, id: string): Promise<void> {
    await this.db.deleteFrom("saved_addresses").where("id", "=", id).where("user_id", "=", userId).execute();
  }

  /** Makes `id` the one default: the old default is cleared first (the unique index allows one). */
  async setDefault(userId: string, id: string): Promise<void> {
    await this.db
      .updateTable("saved_addresses")
      .set({ is_default: 0 })
      .where("user_id", "=", userId)
      .where("is_default", "=", 1)
      .where("id", "<>", id)
      .execute();
    await this.db
      .updateTable("saved_addresses")
      .set({ is_default: 1 })
      .where("user_id", "=", userId)
      .where("id", "=", id)
      .execute();
  }
}
