import * as Menu from "@radix-ui/react-dropdown-menu";
import type { ColumnDef } from "@tanstack/react-table";
import { roleLabels } from "@vaki/contract/admin/permissions";
import type { PendingInvitation, ResetTwoFactorAnswer, StaffMember } from "@vaki/contract/admin/schemas";
import { MoreHorizontal } from "lucide-react";
import { useMemo, useState } from "react";
import { ConfirmDialog } from "../../components/confirm-dialog";
import { DataTable } from "../../components/data-table";
import { Dialog, DialogClose } from "../../components/dialog";
import { PageHeader } from "../../components/page-header";
import { TableScroller } from "../../components/table-scroller";
import { formatDateTime } from "../../lib/format";
import { useMe } from "../auth/api";
import { useResetTwoFactor, useStaff, useUpdateStaff } from "./api";
import { ChangeRoleDialog } from "./change-role-dialog";
import { CopyLink } from "./copy-link";
import { InviteDialog } from "./invite-dialog";

type Pending = { kind: "active" | "reset"; member: StaffMember } | null;

export function StaffPage() {
  const me = useMe();
  const staff = useStaff();
  const update = useUpdateStaff();
  const resetTwoFactor = useResetTwoFactor();
  const [roleFor, setRoleFor] = useState<StaffMember | null>(null);
  const [confirm, setConfirm] = useState<Pending>(null);
  const [resetLink, setResetLink] = useState<ResetTwoFactorAnswer | null>(null);

  const columns = useMemo<ColumnDef<StaffMember, unknown>[]>(
    () => [
      {
        id: "name",
        header: "Name",
        cell: ({ row }) => (
          <>
            {row.original.name}
            {row.original.id === me.id ? <span className="muted"> (you)</span> : null}
            <div className="muted">{row.original.email}</div>
          </>
        ),
      },
      { id: "role", header: "Role", cell: ({ row }) => roleLabels[row.original.role] },
      {
        id: "active",
        header: "Status",
        cell: ({ row }) =>
          row.original.active ? (
            <span className="badge badge--ok">Active</span>
          ) : (
            <span className="badge badge--danger">Deactivated</span>
          ),
      },
      {
        id: "twoFactor",
        header: "Two-factor",
        cell: ({ row }) =>
          row.original.twoFactor ? (
            <span className="badge">On</span>
          ) : (
            <span className="badge badge--warn">Not set up</span>
          ),
      },
      { id: "lastSignInAt", header: "Last sign-in", cell: ({ row }) => formatDateTime(row.original.lastSignInAt) },
      {
        id: "actions",
        header: () => <span className="visually-hidden">Actions</span>,
        cell: ({ row }) => (
          <Menu.Root modal={false}>
            <Menu.Trigger asChild>
              <button
                type="button"
                className="button button--ghost button--small"
                aria-label={`Actions for ${row.original.name}`}
              >
                <MoreHorizontal size={18} aria-hidden="true" />
              </button>
            </Menu.Trigger>
            <Menu.Portal>
              <Menu.Content className="menu" align="end">
                <Menu.Item className="menu__item" onSelect={() => setRoleFor(row.original)}>
                  Change role
                </Menu.Item>
                <Menu.Item className="menu__item" onSelect={() => setConfirm({ kind: "active", member: row.original })}>
                  {row.original.active ? "Deactivate" : "Reactivate"}
                </Menu.Item>
                <Menu.Item className="menu__item" onSelect={() => setConfirm({ kind: "reset", member: row.original })}>
                  Reset two-factor
                </Menu.Item>
              </Menu.Content>
            </Menu.Portal>
          </Menu.Root>
        ),
      },
    ],
    [me.id],
  );

  const member = confirm?.member;
  const deactivating = confirm?.kind === "active" && member?.active;

  return (
    <div className="page">
      <PageHeader
        title="Staff"
        description="Who can open the admin, and what each may do."
        actions={<InviteDialog />}
      />
      <DataTable
        caption="Staff"
        columns={columns}
        rows={staff.data?.items}
        getRowId={(row) => row.id}
        isLoading={staff.isLoading}
        error={staff.error}
        onRetry={() => void staff.refetch()}
        emptyTitle="No staff yet."
        hasPrevious={false}
        nextCursor={null}
        onPrevious={() => undefined}
        onNext={() => undefined}
      />
      {staff.data && staff.data.invitations.length > 0 ? (
        <section className="page" aria-labelledby="staff-invitations">
          <h2 id="staff-invitations">Pending invitations</h2>
          <InvitationsTable invitations={staff.data.invitations} />
        </section>
      ) : null}

      <ChangeRoleDialog member={roleFor} onClose={() => setRoleFor(null)} />
      <ConfirmDialog
        open={confirm !== null}
        onOpenChange={(open) => !open && setConfirm(null)}
        title={
          !member
            ? ""
            : confirm?.kind === "reset"
              ? `Reset ${member.name}'s two-factor sign-in?`
              : deactivating
                ? `Deactivate ${member.name}?`
                : `Reactivate ${member.name}?`
        }
        description={
          confirm?.kind === "reset"
            ? "Their sessions end now. They set up their authenticator app again from a link you send them."
            : deactivating
              ? "They are signed out at once and cannot sign in until you reactivate them."
              : "They can sign in again with their password and code."
        }
        confirmLabel={confirm?.kind === "reset" ? "Reset two-factor" : deactivating ? "Deactivate" : "Reactivate"}
        danger={confirm?.kind === "reset" || Boolean(deactivating)}
        onConfirm={async () => {
          if (!member) return;
          if (confirm?.kind === "reset") setResetLink(await resetTwoFactor.mutateAsync(member.id));
          else await update.mutateAsync({ id: member.id, active: !member.active });
        }}
      />
      <Dialog
        open={resetLink !== null}
        onOpenChange={(open) => !open && setResetLink(null)}
        title="Two-factor reset"
        description="Send them this link to set up their authenticator app again."
      >
        {resetLink ? <CopyLink label="Reset link" url={resetLink.resetUrl} expiresAt={resetLink.expiresAt} /> : null}
        <div className="dialog__actions">
          <DialogClose asChild>
            <button type="button" className="button">
              Done
            </button>
          </DialogClose>
        </div>
      </Dialog>
    </div>
  );
}

function InvitationsTable({ invitations }: { invitations: PendingInvitation[] }) {
  return (
    <TableScroller label={"Pending invitations"}>
      <table className="table">
        <caption className="visually-hidden">Pending invitations</caption>
        <thead>
          <tr>
            <th scope="col">Name</th>
            <th scope="col">Role</th>
            <th scope="col">Expires</th>
          </tr>
        </thead>
        <tbody>
          {invitations.map((invitation) => (
            <tr key={invitation.id}>
              <td>
                {invitation.name}
                <div className="muted">{invitation.email}</div>
              </td>
              <td>{roleLabels[invitation.role]}</td>
              <td>{formatDateTime(invitation.expiresAt)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </TableScroller>
  );
}
