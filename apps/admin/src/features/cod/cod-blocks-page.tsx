import { zodResolver } from "@hookform/resolvers/zod";
import type { ColumnDef } from "@tanstack/react-table";
import { type CodBlock, type CodBlockRequest, codBlockRequestSchema } from "@vaki/contract/admin/cod";
import { useMemo, useState } from "react";
import { useForm } from "react-hook-form";
import { ConfirmDialog } from "../../components/confirm-dialog";
import { DataTable } from "../../components/data-table";
import { Field, FormError } from "../../components/field";
import { PageHeader } from "../../components/page-header";
import { errorMessage, isApiError } from "../../lib/api-error";
import { formatDateTime } from "../../lib/format";
import { useAddCodBlock, useCodBlocks, useRemoveCodBlock } from "./api";

const kindLabels = { phone: "Phone", pincode: "Pincode" } as const;

/** Phones and pincodes the shop no longer offers cash on delivery to (prepaid stays open to them). */
export function CodBlocksPage() {
  const blocks = useCodBlocks();
  const remove = useRemoveCodBlock();
  const [removing, setRemoving] = useState<CodBlock | null>(null);

  const columns = useMemo<ColumnDef<CodBlock, unknown>[]>(
    () => [
      { id: "kind", header: "Blocks", cell: ({ row }) => kindLabels[row.original.kind] },
      { id: "value", header: "Number", cell: ({ row }) => <span className="mono">{row.original.value}</span> },
      { id: "reason", header: "Reason", cell: ({ row }) => row.original.reason ?? <span className="muted">—</span> },
      { id: "createdAt", header: "Since", cell: ({ row }) => formatDateTime(row.original.createdAt) },
      {
        id: "actions",
        header: () => <span className="visually-hidden">Actions</span>,
        cell: ({ row }) => (
          <button
            type="button"
            className="button button--secondary button--small"
            aria-label={`Remove the block on ${row.original.value}`}
            onClick={() => setRemoving(row.original)}
          >
            Remove
          </button>
        ),
      },
    ],
    [],
  );

  return (
    <div className="page">
      <PageHeader
        title="COD blocks"
        description="Cash on delivery is not offered to these phones and pincodes; they can still pay online."
      />
      <AddBlockForm />
      <DataTable
        caption="COD blocks"
        columns={columns}
        rows={blocks.data?.items}
        getRowId={(row) => row.id}
        isLoading={blocks.isLoading}
        error={blocks.error}
        onRetry={() => void blocks.refetch()}
        emptyTitle="Nothing is blocked."
        emptyText="Block a phone or pincode after parcels come back unpaid."
        hasPrevious={false}
        nextCursor={null}
        onPrevious={() => undefined}
        onNext={() => undefined}
      />
      <ConfirmDialog
        open={removing !== null}
        onOpenChange={(open) => !open && setRemoving(null)}
        title={removing ? `Remove the block on ${removing.value}?` : ""}
        description="Cash on delivery is offered to it again at the next checkout."
        confirmLabel="Remove block"
        onConfirm={async () => {
          if (removing) await remove.mutateAsync(removing.id);
        }}
      />
    </div>
  );
}

function AddBlockForm() {
  const add = useAddCodBlock();
  const form = useForm<CodBlockRequest>({
    resolver: zodResolver(codBlockRequestSchema),
    defaultValues: { kind: "phone", value: "", reason: "" },
  });
  const { errors } = form.formState;
  const kind = form.watch("kind");
  const fieldErrors = isApiError(add.error) ? add.error.fieldErrors : {};
  const submit = form.handleSubmit((values) =>
    add.mutate(values, { onSuccess: () => form.reset({ kind: values.kind, value: "", reason: "" }) }),
  );

  return (
    <section className="panel" aria-labelledby="cod-block-add">
      <h2 id="cod-block-add">Block cash on delivery</h2>
      <form className="form form--inline" onSubmit={submit} noValidate>
        <FormError error={add.error && Object.keys(fieldErrors).length === 0 ? errorMessage(add.error) : null} />
        <Field id="cod-block-kind" label="Block" error={errors.kind?.message}>
          {(aria) => (
            <select className="select" {...aria} {...form.register("kind")}>
              <option value="phone">Phone</option>
              <option value="pincode">Pincode</option>
            </select>
          )}
        </Field>
        <Field
          id="cod-block-value"
          label={kind === "phone" ? "Phone number" : "Pincode"}
          error={errors.value?.message ?? fieldErrors.value?.[0]}
        >
          {(aria) => (
            <input
              className="input"
              inputMode={kind === "phone" ? "tel" : "numeric"}
              autoComplete="off"
              {...aria}
              {...form.register("value")}
            />
          )}
        </Field>
        <Field id="cod-block-reason" label="Reason" error={errors.reason?.message ?? fieldErrors.reason?.[0]}>
          {(aria) => (
            <input
              className="input"
              autoComplete="off"
              placeholder="e.g. two parcels returned"
              {...aria}
              {...form.register("reason")}
            />
          )}
        </Field>
        <div className="form__submit">
          <button type="submit" className="button" disabled={add.isPending}>
            Add block
          </button>
        </div>
      </form>
      {add.isSuccess ? (
        <p className="alert alert--ok" role="status">
          Cash on delivery is blocked for {add.data.value}.
        </p>
      ) : null}
    </section>
  );
}
