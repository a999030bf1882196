import { sql } from "kysely";
import { describe, expect, it } from "vitest";
import { createTestDatabase, testEngine } from "../../test/helpers/database.js";
import { prepared } from "./connection.js";

describe(`prepared statements (${testEngine})`, () => {
  it("answers as the plain query, and on PostgreSQL parses each text once per connection", async () => {
    const database = await createTestDatabase();
    try {
      const sum = (value: number) =>
        database.db.selectNoFrom(() => [sql<number>`cast(${value} as integer) + 40`.as("n")]);
      await database.db.connection().execute(async (connection) => {
        for (const value of [2, 3, 2]) {
          const { rows } = await connection.executeQuery(prepared(sum(value)));
          expect(rows).toEqual([{ n: value + 40 }]);
          expect(rows).toEqual((await connection.executeQuery(sum(value))).rows);
        }
        await sql`select 7 as plain`.execute(connection);
        if (database.dialect === "postgres") {
          const held = await sql<{ statement: string }>`select statement from pg_prepared_statements`.execute(
            connection,
          );
          // One statement for the three runs of the marked text; the plain query is not kept.
          expect(held.rows.map((row) => row.statement)).toEqual([prepared(sum(0)).sql]);
        }
      });
    } finally {
      await database.destroy();
    }
  });
});
