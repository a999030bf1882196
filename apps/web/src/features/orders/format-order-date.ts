/**
 * Order dates (R-ORD-9 "date format long month with time"), en-IN:
 * "24 November 2026, 3:45 pm". Built from parts so every browser's ICU gives the same shape.
 */
const longDateTime = new Intl.DateTimeFormat("en-IN", {
  day: "numeric",
  month: "long",
  year: "numeric",
  hour: "numeric",
  minute: "2-digit",
  hour12: true,
});

const longDate = new Intl.DateTimeFormat("en-IN", { day: "numeric", month: "long", year: "numeric" });

function parse(value: string | Date | null | undefined): Date | null {
  if (!value) return null;
  // Courier times come as "yyyy-mm-dd hh:mm:ss" (India time, no zone).
  const date =
    value instanceof Date
      ? value
      : new Date(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}/.test(value) ? `${value.replace(" ", "T")}+05:30` : value);
  return Number.isNaN(date.getTime()) ? null : date;
}

/** "24 November 2026, 3:45 pm"; "" for a missing or unreadable date. */
export function formatOrderDate(value: string | Date | null | undefined): string {
  const date = parse(value);
  if (!date) return "";
  const parts = longDateTime.formatToParts(date);
  const get = (type: Intl.DateTimeFormatPartTypes) => parts.find((part) => part.type === type)?.value ?? "";
  return `${get("day")} ${get("month")} ${get("year")}, ${get("hour")}:${get("minute")} ${get("dayPeriod").toLowerCase()}`;
}

/** "24 November 2026" (no time), for estimated delivery. */
export function formatOrderDay(value: string | Date | null | undefined): string {
  const date = parse(value);
  return date ? longDate.format(date) : "";
}

const shortDay = new Intl.DateTimeFormat("en-IN", { day: "numeric", month: "short" });
const shortTime = new Intl.DateTimeFormat("en-IN", { hour: "numeric", minute: "2-digit", hour12: true });

/** "2 Dec" (the last day of an exchange window); "" for a missing date. */
export function formatShortDay(value: string | Date | null | undefined): string {
  const date = parse(value);
  return date ? shortDay.format(date) : "";
}

/** "2 Dec, 3:45 pm" (a 48-hour window's end, a request's steps); "" for a missing date. */
export function formatShortDayTime(value: string | Date | null | undefined): string {
  const date = parse(value);
  if (!date) return "";
  const parts = shortTime.formatToParts(date);
  const get = (type: Intl.DateTimeFormatPartTypes) => parts.find((part) => part.type === type)?.value ?? "";
  return `${shortDay.format(date)}, ${get("hour")}:${get("minute")} ${get("dayPeriod").toLowerCase()}`;
}
