import sanitizeHtml from "sanitize-html";

/**
 * Allow-list for product HTML (descriptions, delivery info): formatting only. No scripts, no
 * event handlers, no styles, links limited to http(s), mailto and tel, so the storefront can
 * render it as HTML safely.
 */
const productHtmlOptions: sanitizeHtml.IOptions = {
  allowedTags: [
    "p",
    "br",
    "strong",
    "b",
    "em",
    "i",
    "u",
    "ul",
    "ol",
    "li",
    "h3",
    "h4",
    "h5",
    "blockquote",
    "span",
    "a",
    "small",
    "hr",
  ],
  allowedAttributes: { a: ["href", "title", "rel", "target"] },
  allowedSchemes: ["http", "https", "mailto", "tel"],
  allowedSchemesAppliedToAttributes: ["href"],
  allowProtocolRelative: false,
  disallowedTagsMode: "discard",
  transformTags: {
    a: sanitizeHtml.simpleTransform("a", { rel: "noopener noreferrer" }),
  },
};

export function sanitizeProductHtml(html: string): string {
  return sanitizeHtml(html, productHtmlOptions).trim();
}

/** Plain text of product HTML, for the search index. */
export function htmlToText(html: string): string {
  return sanitizeHtml(html, { allowedTags: [], allowedAttributes: {} }).replace(/\s+/g, " ").trim();
}
