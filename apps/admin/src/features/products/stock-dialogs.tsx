import { zodResolver } from "@hookform/resolvers/zod";
import {
  adjustmentReasons,
  stockAdjustmentRequestSchema,
  stockLevelOf,
  stockReasonLabels,
} from "@vaki/contract/admin/catalogue";
import type { AdminProductDetail } from "@vaki/contract/admin/schemas";
import { useState } from "react";
import { useForm } from "react-hook-form";
import type { z } from "zod";
import { Dialog, DialogClose } from "../../components/dialog";
import { Field, FormError } from "../../components/field";
import { ErrorState, LoadingState } from "../../components/states";
import { TableScroller } from "../../components/table-scroller";
import { errorMessage } from "../../lib/api-error";
import { formatDateTime } from "../../lib/format";
import { useAdjustStock, useLedger } from "./api";

type Variant = AdminProductDetail["variants"][number];

export const variantLabel = (variant: Variant) =>
  [variant.color, variant.size].filter(Boolean).join(" / ") || variant.sku;

/** "Low stock" or "Out of stock" against the product's threshold; nothing when there is plenty. */
export function StockLevelBadge({ stock, threshold }: { stock: number; threshold: number }) {
  const level = stockLevelOf(stock, threshold);
  if (level === "in") return null;
  return (
    <span className={level === "out" ? "badge badge--danger" : "badge badge--warn"}>
      {level === "out" ? "Out of stock" : "Low stock"}
    </span>
  );
}

/** A signed change of one variant's stock with a reason and a note; the server refuses going below zero. */
export function AdjustStockDialog({ variant }: { variant: Variant }) {
  const [open, setOpen] = useState(false);
  const adjust = useAdjustStock(variant.id);
  const form = useForm<
    z.input<typeof stockAdjustmentRequestSchema>,
    unknown,
    z.output<typeof stockAdjustmentRequestSchema>
  >({
    resolver: zodResolver(stockAdjustmentRequestSchema),
    defaultValues: { change: 0, reason: "received", note: "" },
  });
  const { errors } = form.formState;
  const change = form.watch("change");
  const after = variant.stock + (Number.isFinite(change) ? change : 0);

  function reset(next: boolean) {
    setOpen(next);
    if (!next) {
      adjust.reset();
      form.reset();
    }
  }
  const submit = form.handleSubmit((values) => adjust.mutate(values, { onSuccess: () => reset(false) }));
  const prefix = `adjust-${variant.id}`;

  return (
    <>
      <button
        type="button"
        className="button button--secondary button--small"
        onClick={() => reset(true)}
        aria-label={`Adjust stock of ${variant.sku}`}
      >
        Adjust stock
      </button>
      <Dialog
        open={open}
        onOpenChange={reset}
        title="Adjust stock"
        description={`${variant.sku} (${variantLabel(variant)}): ${variant.stock} in stock now.`}
      >
        <form className="form" onSubmit={submit} noValidate>
          <FormError error={adjust.error ? errorMessage(adjust.error) : null} />
          <Field
            id={`${prefix}-change`}
            label="Change"
            hint={`Units to add, or take away with a minus (-2). After: ${after}.`}
            error={errors.change?.message}
          >
            {(aria) => (
              <input
                className="input"
                type="number"
                inputMode="numeric"
                step={1}
                {...aria}
                {...form.register("change", { valueAsNumber: true })}
              />
            )}
          </Field>
          <Field id={`${prefix}-reason`} label="Reason" error={errors.reason?.message}>
            {(aria) => (
              <select className="select" {...aria} {...form.register("reason")}>
                {adjustmentReasons.map((reason) => (
                  <option key={reason} value={reason}>
                    {stockReasonLabels[reason]}
                  </option>
                ))}
              </select>
            )}
          </Field>
          <Field id={`${prefix}-note`} label="Note (optional)" error={errors.note?.message}>
            {(aria) => <textarea className="input" rows={2} {...aria} {...form.register("note")} />}
          </Field>
          <div className="dialog__actions">
            <DialogClose asChild>
              <button type="button" className="button button--secondary">
                Cancel
              </button>
            </DialogClose>
            <button type="submit" className="button" disabled={adjust.isPending}>
              Save adjustment
            </button>
          </div>
        </form>
      </Dialog>
    </>
  );
}

/** Every change of one variant's stock, newest first: "why does this say 3?". */
export function LedgerDialog({ variant }: { variant: Variant }) {
  const [open, setOpen] = useState(false);
  const ledger = useLedger(variant.id, open);
  return (
    <>
      <button
        type="button"
        className="button button--secondary button--small"
        onClick={() => setOpen(true)}
        aria-label={`Stock ledger of ${variant.sku}`}
      >
        Ledger
      </button>
      <Dialog
        open={open}
        onOpenChange={setOpen}
        title="Stock ledger"
        wide
        description={`${variant.sku} (${variantLabel(variant)}): every change of its stock, newest first.`}
      >
        {ledger.isPending ? (
          <LoadingState label="Loading the ledger…" />
        ) : ledger.isError ? (
          <ErrorState error={ledger.error} onRetry={() => void ledger.refetch()} />
        ) : (
          <TableScroller label="Stock ledger">
            <table className="table">
              <thead>
                <tr>
                  <th scope="col">When</th>
                  <th scope="col">Reason</th>
                  <th scope="col" className="num">
                    Change
                  </th>
                  <th scope="col" className="num">
                    After
                  </th>
                  <th scope="col">Order or person</th>
                  <th scope="col">Note</th>
                </tr>
              </thead>
              <tbody>
                {ledger.data.items.map((row) => (
                  <tr key={row.id}>
                    <td>{formatDateTime(row.createdAt)}</td>
                    <td>{stockReasonLabels[row.reason]}</td>
                    <td className="num">{row.change > 0 ? `+${row.change}` : row.change}</td>
                    <td className="num">{row.stockAfter}</td>
                    <td>{row.orderNumber ?? row.staff?.name ?? "—"}</td>
                    <td>{row.note ?? ""}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </TableScroller>
        )}
        <div className="dialog__actions">
          <DialogClose asChild>
            <button type="button" className="button">
              Close
            </button>
          </DialogClose>
        </div>
      </Dialog>
    </>
  );
}
