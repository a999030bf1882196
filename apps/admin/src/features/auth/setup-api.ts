import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type {
  SetupConfirmAnswer,
  SetupConfirmRequest,
  SetupInspectAnswer,
  SetupStartAnswer,
  SetupStartRequest,
} from "@vaki/contract/admin/schemas";
import { api } from "../../lib/api-client";
import { startSession } from "./api";

/** What a setup link is for (first owner, invitation, two-factor reset), or why it no longer works. */
export function useSetupLink(token: string) {
  return useQuery({
    queryKey: ["setup-link", token],
    queryFn: () => api<SetupInspectAnswer>("/setup/inspect", { method: "POST", body: { token } }),
    enabled: token.length > 0,
    retry: false,
    staleTime: Number.POSITIVE_INFINITY,
  });
}

export function useSetupStart() {
  return useMutation({
    mutationFn: (body: SetupStartRequest) => api<SetupStartAnswer>("/setup/start", { method: "POST", body }),
  });
}

export function useSetupConfirm() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: SetupConfirmRequest) => api<SetupConfirmAnswer>("/setup/confirm", { method: "POST", body }),
    onSuccess: (answer) => startSession(queryClient, answer.staff, answer.csrfToken),
  });
}
