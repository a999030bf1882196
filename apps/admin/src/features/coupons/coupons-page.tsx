import type { ColumnDef } from "@tanstack/react-table";
import type { Coupon } from "@vaki/contract/admin/coupons";
import { useMemo, useState } from "react";
import { useForm } from "react-hook-form";
import { DataTable } from "../../components/data-table";
import { Dialog, DialogClose } from "../../components/dialog";
import { Field, FormError } from "../../components/field";
import { PageHeader } from "../../components/page-header";
import { errorMessage, isApiError } from "../../lib/api-error";
import { formatDateTime, formatRupees } from "../../lib/format";
import { useCan } from "../auth/require-permission";
import { useCoupons, useSaveCoupon } from "./api";
import { type CouponFormValues, couponInputOf, emptyCoupon, formFieldOf, formValuesOf } from "./coupon-form";

/** What a coupon gives, as the owner reads it. */
export function couponValueText(coupon: Pick<Coupon, "kind" | "value">): string {
  return coupon.kind === "percentage" ? `${coupon.value}% off` : `${formatRupees(coupon.value)} off`;
}

/** Whether a coupon applies now: active and within its dates (limits aside). */
function couponState(coupon: Coupon, now = Date.now()): { label: string; tone: "ok" | "warn" | "danger" | "info" } {
  if (!coupon.active) return { label: "Off", tone: "danger" };
  if (coupon.startsAt && Date.parse(coupon.startsAt) > now) return { label: "Scheduled", tone: "info" };
  if (coupon.endsAt && Date.parse(coupon.endsAt) <= now) return { label: "Ended", tone: "warn" };
  if (coupon.usageLimit !== null && coupon.timesUsed >= coupon.usageLimit) return { label: "Used up", tone: "warn" };
  return { label: "Live", tone: "ok" };
}

function rulesText(coupon: Coupon): string {
  const rules = [
    coupon.minOrderAmount ? `min ${formatRupees(coupon.minOrderAmount)}` : null,
    coupon.firstOrderOnly ? "first order only" : null,
    coupon.perCustomerLimit !== null ? `${coupon.perCustomerLimit} per customer` : null,
    coupon.usageLimit !== null ? `${coupon.usageLimit} in total` : null,
  ].filter(Boolean);
  return rules.length ? rules.join(" · ") : "No limits";
}

/** Promo codes the cart accepts: their rules, whether they apply now, and how much they were used. */
export function CouponsPage() {
  const coupons = useCoupons();
  const canWrite = useCan("coupons:write");
  const [editing, setEditing] = useState<Coupon | "new" | null>(null);

  const columns = useMemo<ColumnDef<Coupon, unknown>[]>(
    () => [
      {
        id: "code",
        header: "Code",
        cell: ({ row }) => (
          <div>
            <span className="mono">{row.original.code}</span>
            <div className="muted">{row.original.description}</div>
          </div>
        ),
      },
      { id: "value", header: "Gives", cell: ({ row }) => couponValueText(row.original) },
      { id: "rules", header: "Rules", cell: ({ row }) => rulesText(row.original) },
      {
        id: "dates",
        header: "Valid",
        cell: ({ row }) =>
          row.original.startsAt || row.original.endsAt ? (
            <span>
              {row.original.startsAt ? formatDateTime(row.original.startsAt) : "Now"} –{" "}
              {row.original.endsAt ? formatDateTime(row.original.endsAt) : "no end"}
            </span>
          ) : (
            <span className="muted">Always</span>
          ),
      },
      {
        id: "use",
        header: "Paid orders",
        cell: ({ row }) => (
          <span>
            {row.original.paidOrders}
            {row.original.discountGiven ? (
              <span className="muted"> · {formatRupees(row.original.discountGiven)} given</span>
            ) : null}
          </span>
        ),
      },
      {
        id: "state",
        header: "Now",
        cell: ({ row }) => {
          const state = couponState(row.original);
          return <span className={`badge badge--${state.tone}`}>{state.label}</span>;
        },
      },
      ...(canWrite
        ? [
            {
              id: "actions",
              header: () => <span className="visually-hidden">Actions</span>,
              cell: ({ row }) => (
                <button
                  type="button"
                  className="button button--secondary button--small"
                  aria-label={`Edit ${row.original.code}`}
                  onClick={() => setEditing(row.original)}
                >
                  Edit
                </button>
              ),
            } satisfies ColumnDef<Coupon, unknown>,
          ]
        : []),
    ],
    [canWrite],
  );

  return (
    <div className="page">
      <PageHeader
        title="Coupons"
        description="Codes shoppers enter in the cart. Changes apply to the next cart that uses the code."
        actions={
          canWrite ? (
            <button type="button" className="button" onClick={() => setEditing("new")}>
              New coupon
            </button>
          ) : null
        }
      />
      <DataTable
        caption="Coupons"
        columns={columns}
        rows={coupons.data?.coupons}
        getRowId={(row) => String(row.id)}
        isLoading={coupons.isLoading}
        error={coupons.error}
        onRetry={() => void coupons.refetch()}
        emptyTitle="No coupons yet."
        emptyText="Create a code for a drop or a first order."
        hasPrevious={false}
        nextCursor={null}
        onPrevious={() => undefined}
        onNext={() => undefined}
      />
      {editing !== null ? (
        <CouponDialog coupon={editing === "new" ? null : editing} onClose={() => setEditing(null)} />
      ) : null}
    </div>
  );
}

function CouponDialog({ coupon, onClose }: { coupon: Coupon | null; onClose: () => void }) {
  const save = useSaveCoupon();
  const form = useForm<CouponFormValues>({ defaultValues: coupon ? formValuesOf(coupon) : emptyCoupon });
  const { errors } = form.formState;
  const kind = form.watch("kind");
  const serverErrors = isApiError(save.error) ? save.error.fieldErrors : {};
  const errorOf = (field: keyof CouponFormValues): string | undefined => {
    const contractField = Object.entries(formFieldOf).find(([, formField]) => formField === field)?.[0];
    return errors[field]?.message ?? (contractField ? serverErrors[contractField]?.[0] : undefined);
  };

  const submit = form.handleSubmit((values) => {
    const checked = couponInputOf(values);
    if (checked.errors) {
      for (const [field, message] of Object.entries(checked.errors)) {
        form.setError(field as keyof CouponFormValues, { message });
      }
      return;
    }
    save.mutate({ id: coupon?.id ?? null, input: checked.input }, { onSuccess: onClose });
  });

  return (
    <Dialog
      open
      onOpenChange={(open) => !open && onClose()}
      title={coupon ? `Edit ${coupon.code}` : "New coupon"}
      description={coupon ? `Used by ${coupon.timesUsed} order${coupon.timesUsed === 1 ? "" : "s"} so far.` : undefined}
    >
      <form className="form" onSubmit={submit} noValidate>
        <FormError error={save.error && Object.keys(serverErrors).length === 0 ? errorMessage(save.error) : null} />
        <Field
          id="coupon-code"
          label="Code"
          hint="Letters and digits; shoppers type it in any case."
          error={errorOf("code")}
        >
          {(aria) => <input className="input mono" autoComplete="off" {...aria} {...form.register("code")} />}
        </Field>
        <Field
          id="coupon-description"
          label="Description"
          hint="Shown to the shopper when it applies."
          error={errorOf("description")}
        >
          {(aria) => <input className="input" autoComplete="off" {...aria} {...form.register("description")} />}
        </Field>
        <div className="form-row form-row--fields">
          <Field id="coupon-kind" label="Discount type" error={errorOf("kind")}>
            {(aria) => (
              <select className="select" {...aria} {...form.register("kind")}>
                <option value="percentage">Percentage</option>
                <option value="fixed">Fixed amount</option>
              </select>
            )}
          </Field>
          <Field
            id="coupon-value"
            label={kind === "percentage" ? "Percent off" : "Amount off (Rs.)"}
            error={errorOf("value")}
          >
            {(aria) => (
              <input className="input" inputMode="decimal" autoComplete="off" {...aria} {...form.register("value")} />
            )}
          </Field>
        </div>
        <Field id="coupon-min-order" label="Minimum order (Rs.)" hint="Empty for none." error={errorOf("minOrder")}>
          {(aria) => (
            <input className="input" inputMode="decimal" autoComplete="off" {...aria} {...form.register("minOrder")} />
          )}
        </Field>
        <div className="form-row form-row--fields">
          <Field
            id="coupon-per-customer"
            label="Uses per customer"
            hint="Empty for no limit."
            error={errorOf("perCustomerLimit")}
          >
            {(aria) => (
              <input
                className="input"
                inputMode="numeric"
                autoComplete="off"
                {...aria}
                {...form.register("perCustomerLimit")}
              />
            )}
          </Field>
          <Field id="coupon-usage-limit" label="Uses in total" hint="Empty for no limit." error={errorOf("usageLimit")}>
            {(aria) => (
              <input
                className="input"
                inputMode="numeric"
                autoComplete="off"
                {...aria}
                {...form.register("usageLimit")}
              />
            )}
          </Field>
        </div>
        <div className="form-row form-row--fields">
          <Field id="coupon-starts" label="Valid from" hint="Empty: from now." error={errorOf("startsAt")}>
            {(aria) => <input className="input" type="datetime-local" {...aria} {...form.register("startsAt")} />}
          </Field>
          <Field id="coupon-ends" label="Valid until" hint="Empty: no end." error={errorOf("endsAt")}>
            {(aria) => <input className="input" type="datetime-local" {...aria} {...form.register("endsAt")} />}
          </Field>
        </div>
        <label className="checkbox">
          <input type="checkbox" {...form.register("firstOrderOnly")} />
          First order only
        </label>
        <label className="checkbox">
          <input type="checkbox" {...form.register("active")} />
          Active
        </label>
        <div className="form-row">
          <button type="submit" className="button" disabled={save.isPending}>
            {coupon ? "Save coupon" : "Create coupon"}
          </button>
          <DialogClose asChild>
            <button type="button" className="button button--secondary">
              Cancel
            </button>
          </DialogClose>
        </div>
      </form>
    </Dialog>
  );
}
