import { roleDescriptions, roleLabels, type StaffRole, staffRoles } from "@vaki/contract/admin/permissions";
import type { StaffMember } from "@vaki/contract/admin/schemas";
import { useEffect, useState } from "react";
import { Dialog, DialogClose } from "../../components/dialog";
import { FormError } from "../../components/field";
import { errorMessage, isApiError } from "../../lib/api-error";
import { useUpdateStaff } from "./api";

export function ChangeRoleDialog({ member, onClose }: { member: StaffMember | null; onClose: () => void }) {
  const update = useUpdateStaff();
  const [role, setRole] = useState<StaffRole>(member?.role ?? "operations");
  // biome-ignore lint/correctness/useExhaustiveDependencies: a new person opens the dialog afresh.
  useEffect(() => {
    if (member) setRole(member.role);
    update.reset();
  }, [member]);
  const failure =
    update.error && !(isApiError(update.error) && update.error.kind === "step_up_required") ? update.error : null;

  return (
    <Dialog
      open={member !== null}
      onOpenChange={(open) => !open && onClose()}
      title={member ? `Change ${member.name}'s role` : "Change role"}
      description="What they may see and do changes at their next step."
    >
      <form
        className="form"
        onSubmit={(event) => {
          event.preventDefault();
          if (member) update.mutate({ id: member.id, role }, { onSuccess: onClose });
        }}
      >
        <FormError error={failure ? errorMessage(failure) : null} />
        <div className="field">
          <label htmlFor="change-role">Role</label>
          <select
            id="change-role"
            className="select"
            value={role}
            aria-describedby="change-role-hint"
            onChange={(event) => setRole(event.target.value as StaffRole)}
          >
            {staffRoles.map((option) => (
              <option key={option} value={option}>
                {roleLabels[option]}
              </option>
            ))}
          </select>
          <p id="change-role-hint" className="field__hint">
            {roleDescriptions[role]}
          </p>
        </div>
        <div className="dialog__actions">
          <DialogClose asChild>
            <button type="button" className="button button--secondary">
              Cancel
            </button>
          </DialogClose>
          <button type="submit" className="button" disabled={update.isPending || role === member?.role}>
            Save role
          </button>
        </div>
      </form>
    </Dialog>
  );
}
