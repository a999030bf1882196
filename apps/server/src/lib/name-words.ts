/**
 * The words the order inbox's name search looks up (decision 0022, "Afterwards"): the delivery
 * address's name and city and the account's name, lower case, without accents, letters and
 * digits only, each stored in `order_name_words` beside its order. A search of name-like text matches orders having a word
 * that starts with each typed word, along the (word, order_id) primary key on both engines,
 * instead of reading every order's address with a contains pattern.
 */

/** At most this many words per order (two names and a city rarely need more). */
const wordsMax = 24;
/** Longer words are cut here (an index key stays small; a prefix still matches). */
const wordLengthMax = 40;

/** The words of free text: lower case, accents removed, split on anything not a letter or digit. */
export function wordsOf(text: string | null | undefined): string[] {
  if (!text) return [];
  // Latin accents go (é → e); other scripts' marks are letters' parts (Devanagari vowel signs) and stay.
  return text
    .normalize("NFKD")
    .replace(/[\u0300-\u036f]+/g, "")
    .normalize("NFC")
    .toLowerCase()
    .split(/[^\p{L}\p{M}\p{N}]+/u)
    .filter((word) => word.length > 0)
    .map((word) => word.slice(0, wordLengthMax));
}

/**
 * The searchable words of an order: its stored shipping address's (JSON text) name and city, and
 * the name of the account that placed it, if any.
 */
export function nameWordsOf(shippingAddress: string | null | undefined, accountName?: string | null): string[] {
  const { fullName, city } = addressParts(shippingAddress);
  const words = [fullName, city, accountName].flatMap((part) => (typeof part === "string" ? wordsOf(part) : []));
  return [...new Set(words)].slice(0, wordsMax);
}

/** The name and city of a stored address (JSON text); none when it is missing or unreadable. */
function addressParts(shippingAddress: string | null | undefined): { fullName?: unknown; city?: unknown } {
  if (!shippingAddress) return {};
  try {
    const address: unknown = JSON.parse(shippingAddress);
    return address && typeof address === "object" ? (address as { fullName?: unknown; city?: unknown }) : {};
  } catch {
    return {};
  }
}

/**
 * The typed words when the text reads as a name (letters, spaces, dots, apostrophes, hyphens; one
 * to four words), else null: numbers, e-mails and phones keep their own lookups.
 */
export function nameQueryWords(text: string): string[] | null {
  const trimmed = text.trim();
  // Words of letters, joined inside by . ' ’ or - ("O'Brien", "Pillai-Menon", "A."); "VK-" is a number's start.
  const word = "[\\p{L}\\p{M}]+(?:[.'’-][\\p{L}\\p{M}]+)*\\.?";
  if (!new RegExp(`^${word}(?:\\s+${word})*$`, "u").test(trimmed)) return null;
  const words = [...new Set(wordsOf(trimmed))];
  return words.length >= 1 && words.length <= 4 ? words : null;
}

/**
 * The half-open range of stored words starting with `prefix`, in code point order (SQLite's BINARY
 * and PostgreSQL's "C" collation both compare UTF-8 bytes, which sort as code points do).
 */
export function prefixRange(prefix: string): { from: string; until: string } {
  const points = [...prefix];
  const last = points.pop() ?? "";
  const code = last.codePointAt(0) ?? 0;
  // The next code point after the last one; surrogates are skipped (they never stand alone in text).
  const next = code === 0xd7ff ? 0xe000 : code + 1;
  return { from: prefix, until: points.join("") + String.fromCodePoint(next) };
}
