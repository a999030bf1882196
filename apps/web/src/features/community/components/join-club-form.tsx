import { zodResolver } from "@hookform/resolvers/zod";
import { LoaderCircle } from "lucide-react";
import { type ComponentPropsWithRef, useId, useRef } from "react";
import { useForm } from "react-hook-form";
import { toast } from "../../toast/toast-store";
import { CLUB_COUNTRY_CODE, useJoinClub } from "../community-api";
import { CLUB_PHONE_LENGTH, type JoinClubFormValues, joinClubFormSchema, phoneDigits } from "../join-club-form-schema";
import { joinClubErrorMessage, joinClubSuccessMessage } from "../join-club-messages";

interface ClubFieldProps extends Omit<ComponentPropsWithRef<"input">, "id"> {
  label: string;
  error?: string | undefined;
  prefix?: string;
}

/** A labelled input with its error wired to aria-describedby and aria-invalid. */
function ClubField({ label, error, prefix, ...input }: ClubFieldProps) {
  const id = useId();
  const errorId = `${id}-error`;
  return (
    <div className="club-field">
      <label className="club-field__label" htmlFor={id}>
        {label}
      </label>
      <div className="club-field__box" data-invalid={error ? "true" : undefined}>
        {prefix ? <span className="club-field__prefix">{prefix}</span> : null}
        <input
          id={id}
          className="club-field__input"
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? errorId : undefined}
          {...input}
        />
      </div>
      {error ? (
        <p id={errorId} className="club-field__error" role="alert">
          {error}
        </p>
      ) : null}
    </div>
  );
}

const EMPTY_FORM: JoinClubFormValues = { firstName: "", email: "", phone: "" };

/** The join-the-Club form (spec: storefront §5, §8): First Name, Email, Phone (+91). */
export function JoinClubForm({ onJoined }: { onJoined: () => void }) {
  const join = useJoinClub();
  // A second submit while one is in flight is ignored (spec §5), even before the re-render.
  const inFlight = useRef(false);
  const {
    register,
    handleSubmit,
    reset,
    formState: { errors },
  } = useForm<JoinClubFormValues>({ resolver: zodResolver(joinClubFormSchema), defaultValues: EMPTY_FORM });

  const phone = register("phone");
  const submit = handleSubmit(async (values) => {
    if (inFlight.current) return;
    inFlight.current = true;
    try {
      const membership = await join.mutateAsync(values);
      toast.success(joinClubSuccessMessage(membership.welcomeMessage));
      reset(EMPTY_FORM);
      onJoined();
    } catch (error) {
      toast.error(joinClubErrorMessage(error));
    } finally {
      inFlight.current = false;
    }
  });

  const submitting = join.isPending;
  return (
    <form className="club-form" onSubmit={submit} noValidate>
      <ClubField
        label="First Name"
        autoComplete="given-name"
        autoCapitalize="words"
        error={errors.firstName?.message}
        {...register("firstName")}
      />
      <ClubField
        label="Email"
        type="email"
        autoComplete="email"
        inputMode="email"
        autoCapitalize="none"
        spellCheck={false}
        error={errors.email?.message}
        {...register("email")}
      />
      <ClubField
        label="Phone"
        type="tel"
        prefix={CLUB_COUNTRY_CODE}
        autoComplete="tel-national"
        inputMode="numeric"
        pattern={`[0-9]{${CLUB_PHONE_LENGTH}}`}
        maxLength={CLUB_PHONE_LENGTH}
        error={errors.phone?.message}
        {...phone}
        onChange={(event) => {
          event.target.value = phoneDigits(event.target.value);
          return phone.onChange(event);
        }}
      />
      <button type="submit" className="button button--primary club-form__submit" disabled={submitting}>
        {submitting ? <LoaderCircle className="spin" aria-hidden="true" /> : null}
        {submitting ? "Submitting..." : "Submit"}
      </button>
    </form>
  );
}
