/** A short branded e-mail: greeting, a few paragraphs, an optional button, a sign-off. */
export interface MailContent {
  shopName: string;
  greeting: string;
  paragraphs: string[];
  /** Blocks of label/value lines after the paragraphs (an order's items and totals, an address). */
  sections?: MailSection[];
  action?: { label: string; url: string };
  /** Plain links after the button (an order's GST invoice), each on its own line. */
  links?: { label: string; url: string }[];
  /** Lines after the button (e.g. "didn't ask for this?"). */
  after?: string[];
}

export interface MailSection {
  heading: string;
  lines: { label: string; value?: string; strong?: boolean; picture?: MailPicture }[];
}

/** A small picture beside a line (an order item's product); HTML only, the text version has none. */
export interface MailPicture {
  /** Absolute: mail clients resolve no relative URL. */
  url: string;
  alt: string;
}

/** Pictures are drawn square at this size; the attributes hold the space while images load or stay blocked. */
export const mailPictureSize = 64;

const escapeHtml = (value: string) =>
  value.replace(/[&<>"']/g, (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" })[c] ?? c);

function sectionText(section: MailSection): string {
  const lines = section.lines.map((line) => (line.value ? `${line.label}  ${line.value}` : line.label));
  return [section.heading.toUpperCase(), ...lines].join("\n");
}

function pictureHtml(picture: MailPicture): string {
  const size = mailPictureSize;
  return `<img src="${escapeHtml(picture.url)}" alt="${escapeHtml(picture.alt)}" width="${size}" height="${size}" style="display:block;width:${size}px;height:${size}px;border:0;background:#ebe5d8;object-fit:cover">`;
}

function sectionHtml(section: MailSection): string {
  // A picture column only where some line has one; a line without keeps it empty, so the labels stay aligned.
  const pictured = section.lines.some((line) => line.picture);
  const cell = `padding:6px 0;border-bottom:1px solid #ddd6c8;vertical-align:${pictured ? "middle" : "top"}`;
  const rows = section.lines
    .map((line) => {
      const weight = line.strong ? "font-weight:700;" : "";
      const value = line.value ? escapeHtml(line.value) : "";
      const picture = pictured
        ? `<td style="${cell};width:${mailPictureSize}px;padding-right:12px">${line.picture ? pictureHtml(line.picture) : ""}</td>`
        : "";
      return `<tr>${picture}<td style="${cell};${weight}">${escapeHtml(line.label)}</td><td style="${cell};${weight}padding-left:12px;text-align:right;white-space:nowrap">${value}</td></tr>`;
    })
    .join("");
  return (
    `<h2 style="margin:24px 0 8px;font-size:14px;letter-spacing:.08em;text-transform:uppercase">${escapeHtml(section.heading)}</h2>` +
    `<table role="presentation" style="width:100%;border-collapse:collapse;font-size:14px">${rows}</table>`
  );
}

export function renderMail(content: MailContent): { text: string; html: string } {
  const after = content.after ?? [];
  const sections = content.sections ?? [];
  const links = content.links ?? [];
  const signOff = `— Team ${content.shopName}`;
  const text = [
    content.greeting,
    ...content.paragraphs,
    ...sections.map(sectionText),
    ...(content.action ? [`${content.action.label}: ${content.action.url}`] : []),
    ...links.map((link) => `${link.label}: ${link.url}`),
    ...after,
    signOff,
  ].join("\n\n");
  const paragraph = (p: string) => `<p style="margin:0 0 16px;line-height:1.5">${escapeHtml(p)}</p>`;
  const button = content.action
    ? `<p style="margin:24px 0"><a href="${escapeHtml(content.action.url)}" style="background:#111;color:#f5f1e8;padding:12px 20px;text-decoration:none;font-weight:700;text-transform:uppercase;letter-spacing:.04em">${escapeHtml(content.action.label)}</a></p>` +
      `<p style="margin:0 0 16px;font-size:13px;color:#555">Button not working? Paste this into your browser:<br>${escapeHtml(content.action.url)}</p>`
    : "";
  const html = [
    "<!doctype html>",
    '<html><body style="margin:0;background:#f5f1e8;color:#111;font-family:Helvetica,Arial,sans-serif">',
    '<div style="max-width:560px;margin:0 auto;padding:32px 24px">',
    `<h1 style="margin:0 0 24px;font-size:28px;letter-spacing:.08em">${escapeHtml(content.shopName)}</h1>`,
    paragraph(content.greeting),
    ...content.paragraphs.map(paragraph),
    ...sections.map(sectionHtml),
    button,
    ...links.map(
      (link) =>
        `<p style="margin:0 0 16px;line-height:1.5"><a href="${escapeHtml(link.url)}" style="color:#111;font-weight:700">${escapeHtml(link.label)}</a></p>`,
    ),
    ...after.map(paragraph),
    paragraph(signOff),
    "</div></body></html>",
  ].join("\n");
  return { text, html };
}
