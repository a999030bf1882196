import { type ClubAnswer, type ClubMember, type ClubQuery, clubCsvColumns } from "@vaki/contract/admin/customers";
import { sql } from "kysely";
import type { Db } from "../../db/connection.js";
import { csvText } from "../../lib/csv.js";
import { decodeCursor, encodeCursor } from "../../lib/keyset.js";
import { containsPattern } from "../../lib/like-pattern.js";

/** Writes the CSV export's audit event (who, how many rows) in the export's transaction. */
export type ClubExportAudit = (trx: Db, rows: number) => Promise<void>;

/** The person a membership may belong to: the account, or the e-mail they joined with. */
export interface ClubPerson {
  userId: string;
  email: string;
}

/**
 * The Club on the owner's side: members newest first (keyset, search by name, e-mail or phone),
 * the CSV export, and what a customer's erasure removes.
 */
export class ClubAdmin {
  constructor(private readonly db: Db) {}

  async list(query: ClubQuery): Promise<ClubAnswer> {
    const cursor = query.cursor ? decodeCursor(query.cursor, ["string", "number"]) : undefined;
    let select = this.members(query.q);
    if (cursor) {
      const [at, id] = cursor as [string, number];
      select = select.where((eb) =>
        eb.or([eb("created_at", "<", at), eb.and([eb("created_at", "=", at), eb("id", "<", id)])]),
      );
    }
    const rows = await select.limit(query.limit + 1).execute();
    const page = rows.slice(0, query.limit);
    const last = page.at(-1);
    return {
      items: page.map(toMember),
      nextCursor: rows.length > query.limit && last ? encodeCursor([last.created_at, last.id]) : null,
    };
  }

  /** Every member (or those matching `q`) as CSV, newest first; the audit event is written with the read. */
  async csv(q: string | undefined, audited: ClubExportAudit): Promise<string> {
    return this.db.transaction().execute(async (trx) => {
      const rows = (await this.members(q, trx).execute()).map(toMember);
      await audited(trx, rows.length);
      const lines = [
        [...clubCsvColumns],
        ...rows.map((member) => [member.name, member.email, member.phone, member.joinedAt, member.customerId ?? ""]),
      ];
      return `\uFEFF${csvText(lines)}`;
    });
  }

  /** The person's memberships (by account or e-mail), oldest first. */
  async membershipsOf(db: Db, person: ClubPerson): Promise<ClubMember[]> {
    const rows = await db
      .selectFrom("club_members")
      .selectAll()
      .where((eb) => eb.or([eb("user_id", "=", person.userId), eb("email", "=", person.email)]))
      .orderBy("created_at", "asc")
      .execute();
    return rows.map(toMember);
  }

  /** Removes the person's memberships in the caller's transaction; answers how many. */
  async forget(trx: Db, person: ClubPerson): Promise<number> {
    const result = await trx
      .deleteFrom("club_members")
      .where((eb) => eb.or([eb("user_id", "=", person.userId), eb("email", "=", person.email)]))
      .executeTakeFirst();
    return Number(result.numDeletedRows);
  }

  private members(q: string | undefined, db: Db = this.db) {
    let select = db.selectFrom("club_members").selectAll();
    if (q) {
      const pattern = containsPattern(q);
      const compact = containsPattern(q.replace(/[\s\-().]/g, ""));
      select = select.where((eb) =>
        eb.or([
          sql<boolean>`lower(name) like ${pattern} escape '\\'`,
          sql<boolean>`lower(email) like ${pattern} escape '\\'`,
          sql<boolean>`phone like ${compact} escape '\\'`,
        ]),
      );
    }
    return select.orderBy("created_at", "desc").orderBy("id", "desc");
  }
}

function toMember(row: {
  id: number;
  name: string;
  email: string;
  phone: string;
  user_id: string | null;
  created_at: string;
}): ClubMember {
  return {
    id: Number(row.id),
    name: row.name,
    email: row.email,
    phone: row.phone,
    joinedAt: row.created_at,
    customerId: row.user_id,
  };
}
