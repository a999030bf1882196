import { createHash } from "node:crypto";
import { closeSync, mkdirSync, openSync } from "node:fs";
import path from "node:path";
import SqliteDatabase from "better-sqlite3";
import {
  type Compilable,
  CompiledQuery,
  Kysely,
  PostgresDialect,
  SqliteDialect,
  type SqliteDialectConfig,
  sql,
} from "kysely";
import { LRUCache } from "lru-cache";
import pg from "pg";
import type { Config } from "../config.js";
import type { Database } from "./schema.js";

export type Db = Kysely<Database>;
export type Dialect = "sqlite" | "postgres";

export interface DatabaseHandle {
  db: Db;
  dialect: Dialect;
  close(): Promise<void>;
}

// PostgreSQL returns int8 and numeric as strings by default; our counts and sums fit in a double.
pg.types.setTypeParser(pg.types.builtins.INT8, (value) => Number.parseInt(value, 10));
pg.types.setTypeParser(pg.types.builtins.NUMERIC, (value) => Number.parseFloat(value));

/** The comment that opens the SQL of a statement run by `prepared`. */
const preparedMarker = "/* prepared */ ";

/**
 * The query, to run as a prepared statement on PostgreSQL: parsed once per connection, and once
 * PostgreSQL finds its generic plan as good as the custom ones, no longer planned per run. Only
 * for SQL whose best plan does not depend on its parameters' values (no `limit $n`, no filter
 * whose choice of index depends on the value), and whose text takes few shapes: each text is
 * kept on every connection. SQLite prepares every statement anyway.
 */
export function prepared<R>(query: Compilable<R>): CompiledQuery<R> {
  const compiled = query.compile();
  return CompiledQuery.raw(preparedMarker + compiled.sql, [...compiled.parameters]) as CompiledQuery<R>;
}

/**
 * node-postgres prepares a query given a name; this client names the SQL `prepared` marked
 * (by its hash, so a name never stands for two texts) and runs the rest unnamed, as before.
 */
class PreparingClient extends pg.Client {
  override query(...args: unknown[]): never {
    const [text, values, ...rest] = args;
    if (typeof text === "string" && text.startsWith(preparedMarker)) {
      const name = `p_${createHash("sha1").update(text).digest("base64url")}`;
      return (super.query as (...a: unknown[]) => never)({ name, text, values }, ...rest);
    }
    return (super.query as (...a: unknown[]) => never)(...args);
  }
}

export interface OpenOptions {
  /** Called with the SQL of every statement run; tests count statements with it. */
  onQuery?: (sql: string) => void;
}

export function openDatabase(database: Config["database"], options: OpenOptions = {}): DatabaseHandle {
  const log = options.onQuery
    ? (event: { level: string; query: { sql: string } }) => {
        if (event.level === "query") options.onQuery?.(event.query.sql);
      }
    : undefined;
  if (database.kind === "postgres") {
    const pool = new pg.Pool({
      connectionString: database.url,
      max: 10,
      Client: PreparingClient,
      ...(database.schema ? { options: `-c search_path=${database.schema}` } : {}),
    });
    const db = new Kysely<Database>({ dialect: new PostgresDialect({ pool }), ...(log ? { log } : {}) });
    return { db, dialect: "postgres", close: () => db.destroy() };
  }
  if (database.file !== ":memory:") {
    mkdirSync(path.dirname(database.file), { recursive: true });
    // Created readable by the shop's user alone; SQLite gives its -wal and -shm files the same mode.
    closeSync(openSync(database.file, "a", 0o600));
  }
  const sqlite = new SqliteDatabase(database.file);
  sqlite.pragma("journal_mode = WAL");
  sqlite.pragma("foreign_keys = ON");
  sqlite.pragma(`busy_timeout = ${sqliteBusyTimeoutMs}`);
  sqlite.pragma("synchronous = NORMAL");
  const db = new Kysely<Database>({
    dialect: new SqliteDialect({ database: withKeptStatements(sqlite) }),
    ...(log ? { log } : {}),
  });
  return { db, dialect: "sqlite", close: () => db.destroy() };
}

/** Statements kept prepared on the SQLite connection, by their text. */
const sqliteStatementsKept = 500;

/**
 * The SQLite connection as Kysely's dialect sees it, each statement's text prepared once and then
 * reused: preparing was a sixth of an admin list page's time in SQLite. A better-sqlite3 statement
 * runs to its end within one call (nothing here streams rows), so one is never in use twice at a time.
 */
function withKeptStatements(sqlite: SqliteDatabase.Database): SqliteDialectConfig["database"] {
  const kept = new LRUCache<string, SqliteDatabase.Statement>({ max: sqliteStatementsKept });
  return {
    close: () => {
      kept.clear();
      sqlite.close();
    },
    prepare: (text: string) => {
      let statement = kept.get(text);
      if (!statement) {
        statement = sqlite.prepare(text);
        kept.set(text, statement);
      }
      return statement;
    },
  };
}

/** How long a statement waits for SQLite's write lock held by another connection (ms). */
export const sqliteBusyTimeoutMs = 5_000;

/**
 * Runs `work` on one SQLite connection inside `BEGIN IMMEDIATE`: SQLite's write lock, taken up
 * front, so another process doing the same waits (up to `waitMs`) until this one commits. For
 * start-up work that every process may try at once (migrations, the first seed).
 */
export async function withSqliteWriteLock<T>(
  db: Db,
  work: (connection: Db) => Promise<T>,
  waitMs = 120_000,
): Promise<T> {
  return db.connection().execute(async (connection) => {
    await sql.raw(`pragma busy_timeout = ${Math.floor(waitMs)}`).execute(connection);
    try {
      await sql`begin immediate`.execute(connection);
      try {
        const result = await work(connection);
        await sql`commit`.execute(connection);
        return result;
      } catch (error) {
        await sql`rollback`.execute(connection).catch(() => undefined);
        throw error;
      }
    } finally {
      await sql.raw(`pragma busy_timeout = ${sqliteBusyTimeoutMs}`).execute(connection);
    }
  });
}

/** Answers whether the database takes a trivial query. */
export async function pingDatabase(db: Db): Promise<boolean> {
  try {
    await sql`select 1`.execute(db);
    return true;
  } catch {
    return false;
  }
}
