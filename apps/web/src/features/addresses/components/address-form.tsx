import { zodResolver } from "@hookform/resolvers/zod";
import { addressInputSchema, destinationCountries, type SavedAddress } from "@vaki/contract/addresses";
import { indianStates } from "@vaki/contract/invoices";
import { z } from "@vaki/contract/zod";
import { LoaderCircle } from "lucide-react";
import { type ComponentPropsWithRef, useEffect, useId } from "react";
import { type Path, useForm } from "react-hook-form";
import { FormField, FormMessage } from "../../../components/form-field";
import { errorMessage, isApiError } from "../../../lib/api-error";
import type { AddressChanges } from "../addresses-api";

/** The contract's shape (required fields, lengths); the server adds its country's rules and answers field errors. */
export const addressFormSchema = addressInputSchema.extend({ isDefault: z.boolean() });
type FormInput = z.input<typeof addressFormSchema>;
type FormOutput = z.output<typeof addressFormSchema>;

const blank: FormInput = {
  fullName: "",
  phone: "",
  line1: "",
  line2: "",
  city: "",
  state: "",
  pincode: "",
  country: "India",
  isDefault: false,
};

interface AddressFormProps {
  /** The address being edited; none for a new one. */
  address?: SavedAddress | undefined;
  /** The first address is the default whatever is ticked: the box is then not offered. */
  canChooseDefault: boolean;
  onSubmit: (address: AddressChanges) => Promise<unknown>;
  onCancel: () => void;
  failedText: string;
}

/** Add or edit an address: labelled fields, each error beside its field (the server's too). */
export function AddressForm({ address, canChooseDefault, onSubmit, onCancel, failedText }: AddressFormProps) {
  const statesListId = useId();
  const {
    register,
    handleSubmit,
    setError,
    setFocus,
    watch,
    formState: { errors, isSubmitting },
  } = useForm<FormInput, unknown, FormOutput>({
    resolver: zodResolver(addressFormSchema),
    defaultValues: address ? { ...address, isDefault: address.isDefault } : blank,
  });
  useEffect(() => setFocus("fullName"), [setFocus]);
  const inIndia = watch("country") === "India";

  const submit = handleSubmit(async (values) => {
    try {
      await onSubmit(values);
    } catch (error) {
      const fields = isApiError(error) ? Object.entries(error.fieldErrors) : [];
      const known = fields.filter(([field]) => field in blank);
      for (const [field, messages] of known) {
        setError(field as Path<FormInput>, { message: messages.join(" ") }, { shouldFocus: field === known[0]?.[0] });
      }
      if (known.length === 0) setError("root", { message: errorMessage(error, failedText) });
    }
  });

  return (
    <form className="address-form" onSubmit={submit} noValidate>
      {errors.root?.message ? <FormMessage tone="error">{errors.root.message}</FormMessage> : null}
      <FormField
        label="Full name"
        autoComplete="shipping name"
        maxLength={100}
        error={errors.fullName?.message}
        {...register("fullName")}
      />
      <FormField
        label="Mobile number"
        type="tel"
        inputMode="tel"
        autoComplete="shipping tel"
        maxLength={20}
        hint={inIndia ? "10-digit mobile for the courier." : "With the country code, like +44 20 7946 0958."}
        error={errors.phone?.message}
        {...register("phone")}
      />
      <FormField
        label="Flat, house no., building, street"
        autoComplete="shipping address-line1"
        maxLength={200}
        className="address-form__wide"
        error={errors.line1?.message}
        {...register("line1")}
      />
      <FormField
        label="Area, landmark (optional)"
        autoComplete="shipping address-line2"
        maxLength={200}
        className="address-form__wide"
        error={errors.line2?.message}
        {...register("line2")}
      />
      <CountrySelect error={errors.country?.message} {...register("country")} />
      <FormField
        label={inIndia ? "Pincode" : "Postal code"}
        autoComplete="shipping postal-code"
        inputMode={inIndia ? "numeric" : "text"}
        maxLength={10}
        hint={inIndia ? undefined : "Leave it empty in the UAE, Qatar and Hong Kong, which have none."}
        error={errors.pincode?.message}
        {...register("pincode")}
      />
      <FormField
        label="City"
        autoComplete="shipping address-level2"
        maxLength={60}
        error={errors.city?.message}
        {...register("city")}
      />
      <FormField
        label={inIndia ? "State" : "State / Region (optional)"}
        autoComplete="shipping address-level1"
        maxLength={60}
        list={inIndia ? statesListId : undefined}
        error={errors.state?.message}
        {...register("state")}
      />
      <datalist id={statesListId}>
        {indianStates.map((state) => (
          <option key={state} value={state} />
        ))}
      </datalist>
      {canChooseDefault ? (
        <label className="address-form__check address-form__wide">
          <input type="checkbox" {...register("isDefault")} />
          <span>Make this my default address</span>
        </label>
      ) : null}
      <div className="address-form__actions address-form__wide">
        <button type="button" className="button button--small" onClick={onCancel}>
          Cancel
        </button>
        <button
          type="submit"
          className="button button--primary button--small"
          aria-disabled={isSubmitting || undefined}
          disabled={isSubmitting}
        >
          {isSubmitting ? <LoaderCircle className="spin" aria-hidden="true" /> : null}
          Save address
        </button>
      </div>
    </form>
  );
}

type CountrySelectProps = ComponentPropsWithRef<"select"> & { error?: string | undefined };

/** The countries the shop ships to, India first: styled as the one form field. */
function CountrySelect({ error, ...select }: CountrySelectProps) {
  const id = useId();
  return (
    <div className="form-field">
      <label className="form-field__label" htmlFor={id}>
        Country
      </label>
      <div className="form-field__box" data-invalid={error ? "true" : undefined}>
        <select
          id={id}
          className="form-field__input address-form__select"
          autoComplete="shipping country-name"
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `${id}-error` : undefined}
          {...select}
        >
          {destinationCountries.map((country) => (
            <option key={country.code} value={country.name}>
              {country.name}
            </option>
          ))}
        </select>
      </div>
      {error ? (
        <p id={`${id}-error`} className="form-field__error" role="alert">
          {error}
        </p>
      ) : null}
    </div>
  );
}
