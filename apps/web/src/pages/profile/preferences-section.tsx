import type { Preferences } from "@vaki/contract/accounts";
import { LoaderCircle, RotateCw } from "lucide-react";
import { useEffect, useId } from "react";
import { useForm } from "react-hook-form";
import { profileMessages as t } from "../../features/accounts/auth-messages";
import { usePreferences, useSavePreferences } from "../../features/accounts/profile-api";
import { networkMessages } from "../../lib/api-client";
import { errorMessage } from "../../lib/api-error";
import { toast } from "../../lib/toast-store";

const SWITCHES: readonly {
  name: "emailNotifications" | "smsNotifications" | "promotionalEmails";
  label: string;
  hint: string;
}[] = [
  { name: "emailNotifications", label: "Email notifications", hint: "Order updates and receipts by email" },
  { name: "smsNotifications", label: "SMS notifications", hint: "Shipping updates by text message" },
  { name: "promotionalEmails", label: "Promotional emails", hint: "New drops, Club news and offers" },
];

/** Preferences (R-SHOP-14: saved on the server, so they follow the customer to any device). */
export function PreferencesSection() {
  const preferences = usePreferences();
  const save = useSavePreferences();
  const { register, handleSubmit, reset } = useForm<Preferences>();
  const baseId = useId();

  useEffect(() => {
    if (preferences.data) reset(preferences.data);
  }, [preferences.data, reset]);

  const submit = handleSubmit((values) => {
    if (save.isPending) return;
    save.mutate(values, {
      onSuccess: () => toast.success(t.preferencesSaved),
      onError: (error) => toast.error(`${t.preferencesFailed}: ${errorMessage(error, networkMessages.fallback)}`),
    });
  });

  return (
    <section className="profile-card" aria-labelledby="preferences-title">
      <h2 id="preferences-title" className="profile-card__title">
        Preferences
      </h2>
      {preferences.isPending ? (
        <p className="profile-card__muted" role="status">
          Loading your preferences...
        </p>
      ) : preferences.isError ? (
        <div className="profile-card__error" role="alert">
          <p>{t.preferencesLoadFailed}</p>
          <button type="button" className="button button--small" onClick={() => void preferences.refetch()}>
            <RotateCw aria-hidden="true" />
            Retry
          </button>
        </div>
      ) : (
        <form className="preferences" onSubmit={submit} noValidate>
          <fieldset className="preferences__group">
            <legend className="preferences__legend">Notifications</legend>
            {SWITCHES.map((item) => (
              // The whole row toggles; the input's name is the label text alone, the hint describes it.
              <label key={item.name} className="preferences__switch">
                <span className="preferences__switch-text">
                  <span id={`${baseId}-${item.name}`} className="preferences__switch-label">
                    {item.label}
                  </span>
                  <span id={`${baseId}-${item.name}-hint`} className="preferences__switch-hint">
                    {item.hint}
                  </span>
                </span>
                <input
                  type="checkbox"
                  className="preferences__toggle"
                  aria-labelledby={`${baseId}-${item.name}`}
                  aria-describedby={`${baseId}-${item.name}-hint`}
                  {...register(item.name)}
                />
              </label>
            ))}
          </fieldset>
          {/* The shop speaks one language and one currency: offering others that change nothing misleads. */}
          <p className="profile-card__muted preferences__locale">
            The shop is in English, and prices are in Indian rupees (₹).
          </p>
          <button type="submit" className="button button--primary preferences__save" disabled={save.isPending}>
            {save.isPending ? <LoaderCircle className="spin" aria-hidden="true" /> : null}
            Update Preferences
          </button>
        </form>
      )}
    </section>
  );
}
