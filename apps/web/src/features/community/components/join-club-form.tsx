import { zodResolver } from "@hookform/resolvers/zod";
import { LoaderCircle } from "lucide-react";
import { useRef } from "react";
import { useForm } from "react-hook-form";
import { FormField } from "../../../components/form-field";
import { toast } from "../../../lib/toast-store";
import { CLUB_COUNTRY_CODE, useJoinClub } from "../community-api";
import { CLUB_PHONE_LENGTH, type JoinClubFormValues, joinClubFormSchema, phoneDigits } from "../join-club-form-schema";
import { joinClubErrorMessage, joinClubSuccessMessage } from "../join-club-messages";

const EMPTY_FORM: JoinClubFormValues = { firstName: "", email: "", phone: "" };

/** The join-the-Club form (R-STORE-5, R-STORE-8): First Name, Email, Phone (+91). */
export function JoinClubForm({ onJoined }: { onJoined: () => void }) {
  const join = useJoinClub();
  // A second submit while one is in flight is ignored (R-STORE-5), even before the re-render.
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
      <FormField
        label="First Name"
        autoComplete="given-name"
        autoCapitalize="words"
        error={errors.firstName?.message}
        {...register("firstName")}
      />
      <FormField
        label="Email"
        type="email"
        autoComplete="email"
        inputMode="email"
        autoCapitalize="none"
        spellCheck={false}
        error={errors.email?.message}
        {...register("email")}
      />
      <FormField
        label="Phone"
        type="tel"
        prefix={<span className="form-field__prefix">{CLUB_COUNTRY_CODE}</span>}
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
