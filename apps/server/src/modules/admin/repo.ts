import type { Db } from "../../db/connection.js";

export interface OrderNoteRow {
  id: string;
  order_id: string;
  author_id: string | null;
  author_name: string | null;
  author_email: string | null;
  text: string;
  created_at: string;
}

/** SQL of what the admin itself owns: order notes. */
export class AdminRepo {
  constructor(readonly db: Db) {}

  transaction<T>(work: (repo: AdminRepo, trx: Db) => Promise<T>): Promise<T> {
    return this.db.transaction().execute((trx) => work(new AdminRepo(trx), trx));
  }

  async insertNote(row: Omit<OrderNoteRow, "author_name" | "author_email">): Promise<void> {
    await this.db.insertInto("order_notes").values(row).execute();
  }

  notesOf(orderId: string): Promise<OrderNoteRow[]> {
    return this.db
      .selectFrom("order_notes")
      .leftJoin("staff_users", "staff_users.id", "order_notes.author_id")
      .select([
        "order_notes.id",
        "order_notes.order_id",
        "order_notes.author_id",
        "staff_users.name as author_name",
        "staff_users.email as author_email",
        "order_notes.text",
        "order_notes.created_at",
      ])
      .where("order_notes.order_id", "=", orderId)
      .orderBy("order_notes.created_at", "asc")
      .orderBy("order_notes.id", "asc")
      .execute();
  }
}
