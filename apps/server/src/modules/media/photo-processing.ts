import { createHash } from "node:crypto";
import { type PhotoType, photoMessages } from "@vaki/contract/admin/photos";
import type { PhotoFormat } from "@vaki/contract/photos";
import sharp, { type Metadata, type OutputInfo } from "sharp";
import { InvalidInput } from "../../lib/errors.js";

/** Larger pictures than this many pixels are refused before decoding (a decompression bomb). */
const maxInputPixels = 120_000_000;

/** What the first bytes say the file is: the name and the stated type are never believed. */
export function sniffPhotoType(bytes: Uint8Array): PhotoType | null {
  const at = (offset: number, text: string) =>
    bytes.length >= offset + text.length &&
    [...text].every((char, index) => bytes[offset + index] === char.charCodeAt(0));
  if (bytes.length >= 3 && bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff) return "image/jpeg";
  if (bytes.length >= 8 && bytes[0] === 0x89 && at(1, "PNG\r\n\u001a\n")) return "image/png";
  if (at(0, "RIFF") && at(8, "WEBP")) return "image/webp";
  if (at(4, "ftyp")) {
    // ISO-BMFF: the major brand, then the compatible brands up to the end of the ftyp box.
    const boxSize = Math.min(
      bytes.length,
      ((bytes[0] ?? 0) << 24) | ((bytes[1] ?? 0) << 16) | ((bytes[2] ?? 0) << 8) | (bytes[3] ?? 0),
    );
    for (let offset = 8; offset + 4 <= boxSize; offset += offset === 8 ? 8 : 4) {
      if (at(offset, "avif") || at(offset, "avis")) return "image/avif";
    }
  }
  return null;
}

/** sharp's name of each accepted type's format (AVIF is a HEIF container with AV1 inside). */
const sharpFormatOf: Record<PhotoType, string> = {
  "image/jpeg": "jpeg",
  "image/png": "png",
  "image/webp": "webp",
  "image/avif": "heif",
};

export interface CleanedPhoto {
  mime: PhotoType;
  width: number;
  height: number;
  bytes: Buffer;
  sha256: string;
}

/**
 * The original as the shop stores it: the camera's orientation applied and every piece of
 * metadata (EXIF with its location, XMP, comments) left out, re-encoded in its own format at high
 * quality. Refuses (400) anything whose bytes are not one of the four formats, or that sharp cannot read.
 */
export async function cleanPhoto(upload: Buffer): Promise<CleanedPhoto> {
  const mime = sniffPhotoType(upload);
  if (!mime) throw new InvalidInput(photoMessages.notImage);
  const input = () => sharp(upload, { limitInputPixels: maxInputPixels, failOn: "error" });
  let metadata: Metadata;
  try {
    metadata = await input().metadata();
  } catch {
    throw new InvalidInput(photoMessages.unreadable);
  }
  if (metadata.format !== sharpFormatOf[mime] || (mime === "image/avif" && metadata.compression !== "av1")) {
    throw new InvalidInput(photoMessages.notImage);
  }
  // rotate() without an angle applies the EXIF orientation; sharp writes no metadata unless asked.
  const pipeline = input().rotate();
  const encoded =
    mime === "image/jpeg"
      ? pipeline.jpeg({ quality: 92, chromaSubsampling: "4:4:4" })
      : mime === "image/png"
        ? pipeline.png({ compressionLevel: 6 })
        : mime === "image/webp"
          ? pipeline.webp({ quality: 92 })
          : pipeline.avif({ quality: 75, effort: 2 });
  let output: { data: Buffer; info: OutputInfo };
  try {
    output = await encoded.toBuffer({ resolveWithObject: true });
  } catch {
    throw new InvalidInput(photoMessages.unreadable);
  }
  return {
    mime,
    width: output.info.width,
    height: output.info.height,
    bytes: output.data,
    sha256: createHash("sha256").update(output.data).digest("hex"),
  };
}

export const renditionContentTypes: Record<PhotoFormat, string> = {
  avif: "image/avif",
  webp: "image/webp",
  jpg: "image/jpeg",
};

/** One size of a stored original in one format; never wider than the original. */
export async function renderRendition(original: Buffer, width: number, format: PhotoFormat): Promise<Buffer> {
  const resized = sharp(original, { limitInputPixels: maxInputPixels }).resize({ width, withoutEnlargement: true });
  if (format === "avif") return resized.avif({ quality: 55, effort: 2 }).toBuffer();
  if (format === "webp") return resized.webp({ quality: 78 }).toBuffer();
  // JPEG has no transparency: a PNG's transparent parts become white rather than black.
  return resized.flatten({ background: "#ffffff" }).jpeg({ quality: 80, mozjpeg: true }).toBuffer();
}
