import { existsSync } from "node:fs";
import { mkdir, rename, writeFile } from "node:fs/promises";
import path from "node:path";
import { planCatalogue } from "./plan.js";

/**
 * Draws a missing piece of the catalogue's generated artwork when it is first asked for. The art
 * is deterministic (the same catalogue and brand draw the same file), so any process can render
 * what another process's seed wrote to its own disk: several servers need no shared media folder.
 */
export function createArtRenderer(options: {
  mediaDir: string;
  brand: string;
  scale?: number | undefined;
}): (relativePath: string) => Promise<boolean> {
  let files: ReadonlyMap<string, () => string> | undefined;
  const pending = new Map<string, Promise<boolean>>();
  const mediaRoot = path.resolve(options.mediaDir);

  const render = async (relativePath: string): Promise<boolean> => {
    files ??= planCatalogue({
      ...(options.scale !== undefined ? { scale: options.scale } : {}),
      now: new Date(0),
      brand: options.brand,
    }).files;
    const draw = files.get(relativePath);
    if (!draw) return false;
    const target = path.resolve(mediaRoot, relativePath);
    if (!target.startsWith(mediaRoot + path.sep)) return false;
    if (existsSync(target)) return true;
    await mkdir(path.dirname(target), { recursive: true });
    // Written beside and renamed into place: a reader never sees half a file.
    const temporary = `${target}.${process.pid}.${Date.now()}.tmp`;
    await writeFile(temporary, draw());
    await rename(temporary, target);
    return true;
  };

  return (relativePath) => {
    let running = pending.get(relativePath);
    if (!running) {
      running = render(relativePath).finally(() => pending.delete(relativePath));
      pending.set(relativePath, running);
    }
    return running;
  };
}
