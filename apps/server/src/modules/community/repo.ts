import type { Insertable, Selectable } from "kysely";
import type { Db } from "../../db/connection.js";
import type { ClubMembersTable } from "../../db/schema.js";

export type ClubMemberRow = Selectable<ClubMembersTable>;

/** SQL of the Club's member list. */
export class CommunityRepo {
  constructor(private readonly db: Db) {}

  /** Members holding this e-mail or this phone number (at most two rows). */
  findMembersByEmailOrPhone(email: string, phone: string): Promise<Pick<ClubMemberRow, "email" | "phone">[]> {
    return this.db
      .selectFrom("club_members")
      .select(["email", "phone"])
      .where((eb) => eb.or([eb("email", "=", email), eb("phone", "=", phone)]))
      .execute();
  }

  insertMember(member: Insertable<ClubMembersTable>): Promise<ClubMemberRow> {
    return this.db.insertInto("club_members").values(member).returningAll().executeTakeFirstOrThrow();
  }
}
