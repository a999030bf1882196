import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type {
  InviteAnswer,
  InviteRequest,
  ResetTwoFactorAnswer,
  StaffListAnswer,
  StaffMember,
  StaffPatchRequest,
} from "@vaki/contract/admin/schemas";
import { api } from "../../lib/api-client";

const staffKey = ["admin", "staff"] as const;

export function useStaff(enabled = true) {
  return useQuery({ queryKey: staffKey, queryFn: ({ signal }) => api<StaffListAnswer>("/staff", { signal }), enabled });
}

/** Staff writes ask for step-up; the api client handles that and repeats the call. */
export function useInvite() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: InviteRequest) => api<InviteAnswer>("/staff/invitations", { method: "POST", body }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: staffKey }),
  });
}

export function useUpdateStaff() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, ...body }: StaffPatchRequest & { id: string }) =>
      api<StaffMember>(`/staff/${encodeURIComponent(id)}`, { method: "PATCH", body }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: staffKey }),
  });
}

export function useResetTwoFactor() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) =>
      api<ResetTwoFactorAnswer>(`/staff/${encodeURIComponent(id)}/reset-two-factor`, { method: "POST" }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: staffKey }),
  });
}
