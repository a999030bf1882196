import sanitizeHtml from "sanitize-html";

/*
 * Delivery information is edited as lines and stored as the HTML the storefront already renders
 * (`products.delivery_info_html`): a `<ul>` of one `<li>` per line, each line plain text.
 */

/** Tags that end a line of text: list items, paragraphs, headings, line breaks. */
const lineEnd = /<\s*(?:br\b[^>]*|\/\s*(?:li|p|h[1-6]|div|blockquote|ul|ol)\s*)>/gi;

const entities: Record<string, string> = { "&lt;": "<", "&gt;": ">", "&quot;": '"', "&#39;": "'", "&amp;": "&" };

/** The lines of stored delivery HTML, in order: each item or paragraph's text, formatting dropped. */
export function deliveryLinesOf(html: string): string[] {
  const text = sanitizeHtml(html.replace(lineEnd, "\n"), { allowedTags: [], allowedAttributes: {} });
  return text
    .replace(/&(?:lt|gt|quot|#39|amp);/g, (entity) => entities[entity] ?? entity)
    .split("\n")
    .map((line) => line.replace(/\s+/g, " ").trim())
    .filter(Boolean);
}

/** The HTML stored for these lines: a list the product page shows as bullets; none, nothing. */
export function deliveryHtmlOf(lines: readonly string[]): string {
  if (lines.length === 0) return "";
  return `<ul>${lines.map((line) => `<li>${escapeText(line)}</li>`).join("")}</ul>`;
}

function escapeText(text: string): string {
  return text.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;");
}
