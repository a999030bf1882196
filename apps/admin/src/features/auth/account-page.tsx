import { roleDescriptions, roleLabels } from "@vaki/contract/admin/permissions";
import { LogOut } from "lucide-react";
import { FormError } from "../../components/field";
import { PageHeader } from "../../components/page-header";
import { errorMessage } from "../../lib/api-error";
import { useMe, useSignOut } from "./api";

/** The signed-in person's own page: who they are, and signing out here or everywhere. */
export function AccountPage() {
  const me = useMe();
  const signOut = useSignOut();
  const signOutEverywhere = useSignOut(true);
  const failure = signOut.error ?? signOutEverywhere.error;
  return (
    <div className="page">
      <PageHeader title="Account" />
      <section className="panel" aria-labelledby="account-details">
        <h2 id="account-details">Your details</h2>
        <dl className="details">
          <dt>Name</dt>
          <dd>{me.name}</dd>
          <dt>E-mail</dt>
          <dd>{me.email}</dd>
          <dt>Role</dt>
          <dd>
            {roleLabels[me.role]} <span className="muted">— {roleDescriptions[me.role]}</span>
          </dd>
        </dl>
      </section>
      <section className="panel" aria-labelledby="account-sessions">
        <h2 id="account-sessions">Sessions</h2>
        <p className="muted">
          Signing out everywhere ends your sessions on every device and browser, this one included. Do it if you have
          lost a device or signed in somewhere you should not have.
        </p>
        <FormError error={failure ? errorMessage(failure) : null} />
        <div className="form-row">
          <button
            type="button"
            className="button button--secondary"
            onClick={() => signOut.mutate()}
            disabled={signOut.isPending}
          >
            <LogOut size={16} aria-hidden="true" />
            Sign out
          </button>
          <button
            type="button"
            className="button button--danger"
            onClick={() => signOutEverywhere.mutate()}
            disabled={signOutEverywhere.isPending}
          >
            Sign out everywhere
          </button>
        </div>
      </section>
    </div>
  );
}
