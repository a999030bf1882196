import { type OrderAddressInput, orderAddressMessages } from "@vaki/contract/admin/order-addresses";
import type { AdminOrderDetail } from "@vaki/contract/admin/schemas";
import type { Address } from "@vaki/contract/orders";
import { useForm } from "react-hook-form";
import { Dialog, DialogClose } from "../../components/dialog";
import { Field, FormError } from "../../components/field";
import { errorMessage, isApiError } from "../../lib/api-error";
import { useEditOrderAddresses } from "./api";

type Part = "shipping" | "billing";
type FormValues = Record<Part, OrderAddressInput>;

const fields: { key: keyof OrderAddressInput; label: string; autoComplete: string; inputMode?: "numeric" | "tel" }[] = [
  { key: "fullName", label: "Full name", autoComplete: "name" },
  { key: "line1", label: "Address line 1", autoComplete: "address-line1" },
  { key: "line2", label: "Address line 2", autoComplete: "address-line2" },
  { key: "city", label: "City", autoComplete: "address-level2" },
  { key: "state", label: "State", autoComplete: "address-level1" },
  { key: "pincode", label: "Pincode", autoComplete: "postal-code" },
  { key: "country", label: "Country", autoComplete: "country-name" },
  { key: "phone", label: "Phone", autoComplete: "tel", inputMode: "tel" },
];

/** A stored address (either spelling of its lines and postal code) as the form's fields. */
function valuesOf(address: Address | null): OrderAddressInput {
  return {
    fullName: address?.fullName ?? "",
    line1: address?.line1 ?? address?.addressLine1 ?? "",
    line2: address?.line2 ?? address?.addressLine2 ?? "",
    city: address?.city ?? "",
    state: address?.state ?? "",
    pincode: address?.pincode ?? address?.postalCode ?? "",
    country: address?.country ?? "India",
    phone: address?.phone ?? "",
  };
}

const same = (a: OrderAddressInput, b: OrderAddressInput) => fields.every(({ key }) => a[key].trim() === b[key].trim());

/**
 * "Edit addresses" (before a shipment exists): both addresses prefilled, only a changed one is
 * sent; the server holds each to its country's rules and its field errors show beside the fields.
 */
export function OrderAddressesDialog({
  order,
  onClose,
  onDone,
}: {
  order: AdminOrderDetail;
  onClose: () => void;
  onDone: (message: string) => void;
}) {
  const save = useEditOrderAddresses(order.id);
  const initial: FormValues = {
    shipping: valuesOf(order.shippingAddress),
    billing: valuesOf(order.billingAddress ?? order.shippingAddress),
  };
  const form = useForm<FormValues>({ defaultValues: initial });
  const serverErrors = isApiError(save.error) ? save.error.fieldErrors : {};
  const unchanged = form.formState.errors.root?.message;

  const submit = form.handleSubmit((values) => {
    const body = {
      ...(same(values.shipping, initial.shipping) ? {} : { shipping: values.shipping }),
      ...(same(values.billing, initial.billing) ? {} : { billing: values.billing }),
    };
    if (!body.shipping && !body.billing) {
      form.setError("root", { message: orderAddressMessages.nothingToSave });
      return;
    }
    save.mutate(body, {
      onSuccess: () => {
        onDone(orderAddressMessages.saved);
        onClose();
      },
    });
  });

  const section = (part: Part, legend: string) => (
    <fieldset className="fieldset">
      <legend>{legend}</legend>
      {fields.map(({ key, label, autoComplete, inputMode }) => (
        <Field key={key} id={`order-${part}-${key}`} label={label} error={serverErrors[`${part}.${key}`]?.[0]}>
          {(aria) => (
            <input
              className="input"
              autoComplete={`${part} ${autoComplete}`}
              {...(inputMode ? { inputMode } : {})}
              {...aria}
              {...form.register(`${part}.${key}`)}
            />
          )}
        </Field>
      ))}
    </fieldset>
  );

  return (
    <Dialog
      open
      onOpenChange={(open) => (open ? undefined : onClose())}
      title={`Edit addresses of order #${order.orderNumber}`}
      description="Until a shipment exists. The courier and the GST invoice use the shipping address as it is then."
      wide
    >
      <form className="form" onSubmit={submit} noValidate>
        <FormError
          error={
            unchanged ??
            (save.error && Object.keys(serverErrors).length === 0
              ? errorMessage(save.error)
              : save.error
                ? orderAddressMessages.invalid
                : null)
          }
        />
        {section("shipping", "Shipping address")}
        {section("billing", "Billing address")}
        <div className="dialog__actions">
          <DialogClose asChild>
            <button type="button" className="button button--secondary">
              Cancel
            </button>
          </DialogClose>
          <button type="submit" className="button" disabled={save.isPending}>
            Save addresses
          </button>
        </div>
      </form>
    </Dialog>
  );
}
