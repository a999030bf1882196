import { zodResolver } from "@hookform/resolvers/zod";
import { indianStates, type ShopSettings, shopSettingsSchema } from "@vaki/contract/invoices";
import { useForm } from "react-hook-form";
import { Field, FormError } from "../../components/field";
import { PageHeader } from "../../components/page-header";
import { ErrorState, LoadingState } from "../../components/states";
import { errorMessage, isApiError } from "../../lib/api-error";
import { useSaveShopSettings, useShopSettings } from "./api";

/** The shop's GST details (owner): what every invoice and credit note issued from now on prints. */
export function SettingsPage() {
  const settings = useShopSettings();
  return (
    <div className="page">
      <PageHeader
        title="Settings"
        description="The shop's GST details. Invoices and credit notes issued from now on print them; issued ones never change."
      />
      {settings.isPending ? (
        <LoadingState label="Loading the settings…" />
      ) : settings.isError ? (
        <ErrorState error={settings.error} onRetry={() => void settings.refetch()} />
      ) : (
        <SettingsForm saved={settings.data} />
      )}
    </div>
  );
}

function SettingsForm({ saved }: { saved: ShopSettings }) {
  const save = useSaveShopSettings();
  const form = useForm<ShopSettings>({ resolver: zodResolver(shopSettingsSchema), defaultValues: saved });
  const { errors } = form.formState;
  const fieldErrors = isApiError(save.error) ? save.error.fieldErrors : {};
  const errorOf = (key: keyof ShopSettings) => errors[key]?.message ?? fieldErrors[key]?.[0];
  const submit = form.handleSubmit((values) => save.mutate(values, { onSuccess: (next) => form.reset(next) }));

  return (
    <section className="panel" aria-labelledby="settings-gst">
      <h2 id="settings-gst">GST invoices</h2>
      <form className="form" onSubmit={submit} noValidate>
        <FormError error={save.error && Object.keys(fieldErrors).length === 0 ? errorMessage(save.error) : null} />
        {save.isSuccess && !form.formState.isDirty ? (
          <p className="alert alert--ok" role="status">
            Settings saved.
          </p>
        ) : null}
        <Field id="settings-legal-name" label="Legal name" error={errorOf("legalName")}>
          {(aria) => <input className="input" autoComplete="organization" {...aria} {...form.register("legalName")} />}
        </Field>
        <Field id="settings-address" label="Registered address" error={errorOf("address")}>
          {(aria) => <textarea className="input" rows={3} {...aria} {...form.register("address")} />}
        </Field>
        <Field
          id="settings-state"
          label="State"
          hint="Deliveries to this state pay CGST and SGST; to other states, IGST."
          error={errorOf("state")}
        >
          {(aria) => (
            <select className="select" {...aria} {...form.register("state")}>
              {indianStates.map((state) => (
                <option key={state} value={state}>
                  {state}
                </option>
              ))}
            </select>
          )}
        </Field>
        <Field id="settings-gstin" label="GSTIN" hint="15 characters, e.g. 29ABCDE1234F1Z5." error={errorOf("gstin")}>
          {(aria) => (
            <input className="input mono" autoComplete="off" spellCheck={false} {...aria} {...form.register("gstin")} />
          )}
        </Field>
        <div className="form-row settings-prefixes">
          <Field
            id="settings-invoice-prefix"
            label="Invoice number prefix"
            hint="Numbers read PREFIX/25-26/000123."
            error={errorOf("invoicePrefix")}
          >
            {(aria) => <input className="input mono" maxLength={3} {...aria} {...form.register("invoicePrefix")} />}
          </Field>
          <Field id="settings-credit-prefix" label="Credit note number prefix" error={errorOf("creditNotePrefix")}>
            {(aria) => <input className="input mono" maxLength={3} {...aria} {...form.register("creditNotePrefix")} />}
          </Field>
        </div>
        <label className="checkbox">
          <input type="checkbox" {...form.register("exportUnderLut")} />
          Exports under a letter of undertaking (zero-rated, no IGST)
        </label>
        <div className="form-row">
          <button type="submit" className="button" disabled={save.isPending}>
            {save.isPending ? "Saving…" : "Save settings"}
          </button>
        </div>
      </form>
    </section>
  );
}
