import { readFileSync, statSync } from "node:fs";

/**
 * The built storefront's index.html (apps/web/dist/index.html), the template of every storefront
 * page the server answers. Read again when the file changes (a rebuilt storefront needs no restart).
 */
export class IndexTemplate {
  private cached: { html: string; mtimeMs: number } | undefined;

  constructor(private readonly file: string) {}

  /** The page as built. */
  html(): string {
    const mtimeMs = statSync(this.file).mtimeMs;
    if (!this.cached || this.cached.mtimeMs !== mtimeMs) {
      this.cached = { html: readFileSync(this.file, "utf8"), mtimeMs };
    }
    return this.cached.html;
  }

  /** A number that changes when the file does (part of the rendered pages' cache key). */
  version(): number {
    this.html();
    return this.cached?.mtimeMs ?? 0;
  }
}
