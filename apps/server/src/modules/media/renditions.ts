import { randomBytes } from "node:crypto";
import { mkdir, readFile, rename, unlink, writeFile } from "node:fs/promises";
import path from "node:path";
import { type PhotoFormat, photoFormats, photoWidths } from "@vaki/contract/photos";
import { renderRendition, renditionContentTypes } from "./photo-processing.js";
import type { OriginalRow } from "./repo.js";

const renditionName = /^([a-f0-9]{64})-(\d{1,4})\.([a-z]{3,4})$/;

export interface Rendition {
  bytes: Buffer;
  contentType: string;
}

/**
 * The sizes of uploaded photos, drawn on demand like the generated demo art: a miss reads the
 * original from the database, renders it with sharp, writes it into this process's media folder
 * (a temporary file renamed into place, so no reader sees half a file) and serves it; later asks
 * read the file. Only the fixed widths and three formats exist: anything else is null (404).
 */
export class PhotoRenditions {
  private readonly dir: string;
  /** Renders under way, so a burst of asks for one missing size renders it once. */
  private readonly pending = new Map<string, Promise<Buffer | null>>();

  constructor(
    mediaDir: string,
    private readonly originalOf: (sha256: string) => Promise<OriginalRow | null>,
  ) {
    this.dir = path.join(path.resolve(mediaDir), "photos");
  }

  async get(fileName: string): Promise<Rendition | null> {
    const match = renditionName.exec(fileName);
    if (!match) return null;
    const [, hash = "", widthText = "", formatText = ""] = match;
    const width = Number(widthText);
    const format = formatText as PhotoFormat;
    if (!(photoWidths as readonly number[]).includes(width) || !photoFormats.includes(format)) return null;
    const file = path.join(this.dir, fileName);
    const contentType = renditionContentTypes[format];
    const cached = await readFile(file).catch(() => null);
    if (cached) return { bytes: cached, contentType };
    let render = this.pending.get(fileName);
    if (!render) {
      render = this.render(hash, width, format, file).finally(() => this.pending.delete(fileName));
      this.pending.set(fileName, render);
    }
    const bytes = await render;
    return bytes ? { bytes, contentType } : null;
  }

  private async render(hash: string, width: number, format: PhotoFormat, file: string): Promise<Buffer | null> {
    const original = await this.originalOf(hash);
    if (!original) return null;
    const bytes = await renderRendition(original.bytes, width, format);
    await mkdir(this.dir, { recursive: true });
    const temporary = `${file}.${process.pid}.${randomBytes(4).toString("hex")}.tmp`;
    try {
      await writeFile(temporary, bytes);
      await rename(temporary, file);
    } catch {
      // Served all the same: the next ask renders it again (a full or read-only disk is not the shopper's problem).
      await unlink(temporary).catch(() => undefined);
    }
    return bytes;
  }
}
