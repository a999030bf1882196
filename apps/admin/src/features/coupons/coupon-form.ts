import { type Coupon, type CouponInput, couponInputSchema } from "@vaki/contract/admin/coupons";

/** The coupon form as the owner types it: rupees, local date-times, empty for "no limit". */
export interface CouponFormValues {
  code: string;
  description: string;
  kind: "percentage" | "fixed";
  /** Percent, or rupees for a fixed discount. */
  value: string;
  /** Rupees; empty for no minimum. */
  minOrder: string;
  firstOrderOnly: boolean;
  perCustomerLimit: string;
  usageLimit: string;
  /** `YYYY-MM-DDTHH:mm` in the browser's time zone (an `<input type="datetime-local">`). */
  startsAt: string;
  endsAt: string;
  active: boolean;
}

/** Which form field shows an error of the contract's field. */
export const formFieldOf: Record<string, keyof CouponFormValues> = {
  code: "code",
  description: "description",
  kind: "kind",
  value: "value",
  minOrderAmount: "minOrder",
  firstOrderOnly: "firstOrderOnly",
  perCustomerLimit: "perCustomerLimit",
  usageLimit: "usageLimit",
  startsAt: "startsAt",
  endsAt: "endsAt",
  active: "active",
};

export const emptyCoupon: CouponFormValues = {
  code: "",
  description: "",
  kind: "percentage",
  value: "",
  minOrder: "",
  firstOrderOnly: false,
  perCustomerLimit: "",
  usageLimit: "",
  startsAt: "",
  endsAt: "",
  active: true,
};

const toPaise = (rupees: string) => Math.round(Number(rupees.replace(/,/g, "")) * 100);
const wholeOrNull = (text: string) => (text.trim() === "" ? null : Number(text));
const isoOrNull = (local: string) => (local ? new Date(local).toISOString() : null);

function localDateTime(iso: string | null): string {
  if (!iso) return "";
  const date = new Date(iso);
  const pad = (n: number) => String(n).padStart(2, "0");
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}T${pad(date.getHours())}:${pad(date.getMinutes())}`;
}

export function formValuesOf(coupon: Coupon): CouponFormValues {
  return {
    code: coupon.code,
    description: coupon.description,
    kind: coupon.kind,
    value: coupon.kind === "percentage" ? String(coupon.value) : String(coupon.value / 100),
    minOrder: coupon.minOrderAmount ? String(coupon.minOrderAmount / 100) : "",
    firstOrderOnly: coupon.firstOrderOnly,
    perCustomerLimit: coupon.perCustomerLimit === null ? "" : String(coupon.perCustomerLimit),
    usageLimit: coupon.usageLimit === null ? "" : String(coupon.usageLimit),
    startsAt: localDateTime(coupon.startsAt),
    endsAt: localDateTime(coupon.endsAt),
    active: coupon.active,
  };
}

/** What the server is sent, checked by the contract's own schema first (the same messages). */
export function couponInputOf(
  values: CouponFormValues,
): { input: CouponInput; errors: null } | { input: null; errors: Partial<Record<keyof CouponFormValues, string>> } {
  const input: CouponInput = {
    code: values.code,
    description: values.description,
    kind: values.kind,
    value: values.kind === "percentage" ? Number(values.value) : toPaise(values.value),
    minOrderAmount: values.minOrder.trim() === "" ? 0 : toPaise(values.minOrder),
    firstOrderOnly: values.firstOrderOnly,
    perCustomerLimit: wholeOrNull(values.perCustomerLimit),
    usageLimit: wholeOrNull(values.usageLimit),
    startsAt: isoOrNull(values.startsAt),
    endsAt: isoOrNull(values.endsAt),
    active: values.active,
  };
  const errors: Partial<Record<keyof CouponFormValues, string>> = {};
  for (const field of ["value", "minOrder", "perCustomerLimit", "usageLimit"] as const) {
    const text = values[field].replace(/,/g, "").trim();
    if (text !== "" && !Number.isFinite(Number(text))) errors[field] = "Enter a number.";
  }
  const checked = couponInputSchema.safeParse(input);
  if (checked.success && Object.keys(errors).length === 0) return { input, errors: null };
  for (const issue of checked.success ? [] : checked.error.issues) {
    const field = formFieldOf[String(issue.path[0])];
    if (field && !errors[field]) errors[field] = issue.message;
  }
  return { input: null, errors };
}
