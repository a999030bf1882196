import { zodResolver } from "@hookform/resolvers/zod";
import { roleDescriptions, roleLabels, staffRoles } from "@vaki/contract/admin/permissions";
import { type InviteAnswer, type InviteRequest, inviteRequestSchema } from "@vaki/contract/admin/schemas";
import { UserPlus } from "lucide-react";
import { useState } from "react";
import { useForm } from "react-hook-form";
import { Dialog, DialogClose } from "../../components/dialog";
import { Field, FormError } from "../../components/field";
import { errorMessage, isApiError } from "../../lib/api-error";
import { useInvite } from "./api";
import { CopyLink } from "./copy-link";

/** Invites a person by e-mail; the dialog then shows the link (also e-mailed) to pass on. */
export function InviteDialog() {
  const [open, setOpen] = useState(false);
  const [sent, setSent] = useState<InviteAnswer | null>(null);
  const invite = useInvite();
  const form = useForm<InviteRequest>({
    resolver: zodResolver(inviteRequestSchema),
    defaultValues: { email: "", name: "", role: "operations" },
  });
  const { errors } = form.formState;
  const role = form.watch("role");

  function reset(next: boolean) {
    setOpen(next);
    if (!next) {
      setSent(null);
      invite.reset();
      form.reset();
    }
  }

  const submit = form.handleSubmit((values) => invite.mutate(values, { onSuccess: setSent }));
  // A cancelled step-up fails the call with the step-up message; the form stays as it was.
  const failure =
    invite.error && !(isApiError(invite.error) && invite.error.kind === "step_up_required") ? invite.error : null;

  return (
    <>
      <button type="button" className="button" onClick={() => reset(true)}>
        <UserPlus size={16} aria-hidden="true" />
        Invite staff
      </button>
      <Dialog
        open={open}
        onOpenChange={reset}
        title={sent ? "Invitation created" : "Invite staff"}
        description={
          sent
            ? "We e-mailed this link to them. You can also send it yourself."
            : "They get a link to set their password and two-factor sign-in."
        }
      >
        {sent ? (
          <>
            <CopyLink label="Invitation link" url={sent.invitationUrl} expiresAt={sent.expiresAt} />
            <div className="dialog__actions">
              <DialogClose asChild>
                <button type="button" className="button">
                  Done
                </button>
              </DialogClose>
            </div>
          </>
        ) : (
          <form className="form" onSubmit={submit} noValidate>
            <FormError error={failure ? errorMessage(failure) : null} />
            <Field id="invite-name" label="Name" error={errors.name?.message}>
              {(aria) => <input className="input" autoComplete="off" {...aria} {...form.register("name")} />}
            </Field>
            <Field id="invite-email" label="E-mail" error={errors.email?.message}>
              {(aria) => (
                <input className="input" type="email" autoComplete="off" {...aria} {...form.register("email")} />
              )}
            </Field>
            <Field id="invite-role" label="Role" error={errors.role?.message} hint={roleDescriptions[role]}>
              {(aria) => (
                <select className="select" {...aria} {...form.register("role")}>
                  {staffRoles.map((option) => (
                    <option key={option} value={option}>
                      {roleLabels[option]}
                    </option>
                  ))}
                </select>
              )}
            </Field>
            <div className="dialog__actions">
              <DialogClose asChild>
                <button type="button" className="button button--secondary">
                  Cancel
                </button>
              </DialogClose>
              <button type="submit" className="button" disabled={invite.isPending}>
                Create invitation
              </button>
            </div>
          </form>
        )}
      </Dialog>
    </>
  );
}
