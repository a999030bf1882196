import { zodResolver } from "@hookform/resolvers/zod";
import { adminLimits, type OrderNoteRequest, orderNoteRequestSchema } from "@vaki/contract/admin/schemas";
import { useForm } from "react-hook-form";
import { Field, FormError } from "../../components/field";
import { errorMessage } from "../../lib/api-error";
import { useAddOrderNote } from "./api";

/** A staff note on an order; it shows in the order's timeline and the audit log. */
export function AddNoteForm({ orderId }: { orderId: string }) {
  const addNote = useAddOrderNote(orderId);
  const form = useForm<OrderNoteRequest>({
    resolver: zodResolver(orderNoteRequestSchema),
    defaultValues: { text: "" },
  });
  const submit = form.handleSubmit((values) => addNote.mutate(values, { onSuccess: () => form.reset({ text: "" }) }));
  return (
    <form className="form" onSubmit={submit} noValidate>
      <FormError error={addNote.error ? errorMessage(addNote.error) : null} />
      <Field id="note-text" label="Add a note" error={form.formState.errors.text?.message} hint="Only staff see notes.">
        {(aria) => <textarea className="input" maxLength={adminLimits.noteMax} {...aria} {...form.register("text")} />}
      </Field>
      <div>
        <button type="submit" className="button" disabled={addNote.isPending}>
          Add note
        </button>
      </div>
    </form>
  );
}
