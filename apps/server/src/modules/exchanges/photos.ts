import { photoMessages } from "@vaki/contract/admin/photos";
import sharp from "sharp";
import { InvalidInput } from "../../lib/errors.js";
import { sniffPhotoType } from "../media/photo-processing.js";

/** Larger pictures than this many pixels are refused before decoding (a decompression bomb). */
const maxInputPixels = 120_000_000;
/** A defect photo is kept at most this many pixels on its longer side. */
export const defectPhotoMaxSide = 1600;

/**
 * A customer's photo as kept: the bytes decide the type (JPEG, PNG, WebP or AVIF, as the
 * admin's uploads), the camera's orientation applied, inside 1600 px, WebP. sharp writes no
 * metadata unless asked, so EXIF (with its GPS position) never reaches the database.
 */
export async function cleanDefectPhoto(upload: Buffer): Promise<{ bytes: Buffer; width: number; height: number }> {
  if (!sniffPhotoType(upload)) throw new InvalidInput(photoMessages.notImage);
  try {
    const { data, info } = await sharp(upload, { limitInputPixels: maxInputPixels, failOn: "error" })
      .rotate()
      .resize({ width: defectPhotoMaxSide, height: defectPhotoMaxSide, fit: "inside", withoutEnlargement: true })
      .webp({ quality: 82 })
      .toBuffer({ resolveWithObject: true });
    return { bytes: data, width: info.width, height: info.height };
  } catch {
    throw new InvalidInput(photoMessages.unreadable);
  }
}
