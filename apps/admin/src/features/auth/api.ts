import { type QueryClient, queryOptions, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type {
  LoginAnswer,
  LoginRequest,
  Me,
  MeAnswer,
  StepUpAnswer,
  StepUpRequest,
  VerifyAnswer,
  VerifyRequest,
} from "@vaki/contract/admin/schemas";
import { useRef } from "react";
import { useNavigate } from "react-router";
import { api, setCsrfToken } from "../../lib/api-client";

export const meQueryKey = ["admin", "me"] as const;

/** The signed-in person; the answer also carries the session's CSRF token. */
export const meQueryOptions = queryOptions({
  queryKey: meQueryKey,
  queryFn: async () => {
    const answer = await api<MeAnswer>("/auth/me");
    setCsrfToken(answer.csrfToken);
    return answer.staff;
  },
  staleTime: Number.POSITIVE_INFINITY,
  retry: false,
});

/**
 * The signed-in person (the signed-in layout's loader has fetched them before any page shows).
 * After a 401 the cache forgets them while the signed-in pages may still render once before the
 * sign-in page commits: those renders keep the person they last showed.
 */
export function useMe(): Me {
  const { data } = useQuery(meQueryOptions);
  const shown = useRef(data);
  if (data) shown.current = data;
  if (!shown.current) throw new Error("useMe is used outside the signed-in layout");
  return shown.current;
}

/** Starts the app's session from a sign-in or setup answer. */
export function startSession(queryClient: QueryClient, staff: Me, csrfToken: string): void {
  setCsrfToken(csrfToken);
  queryClient.setQueryData(meQueryKey, staff);
}

/** Forgets everything the signed-in person loaded. */
export function endSession(queryClient: QueryClient): void {
  setCsrfToken(null);
  queryClient.removeQueries({ queryKey: ["admin"] });
}

export function useLogin() {
  return useMutation({
    mutationFn: (body: LoginRequest) => api<LoginAnswer>("/auth/login", { method: "POST", body }),
  });
}

export function useVerify() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: VerifyRequest) => api<VerifyAnswer>("/auth/verify", { method: "POST", body }),
    onSuccess: (answer) => startSession(queryClient, answer.staff, answer.csrfToken),
  });
}

/** Ends this session (or all of the person's sessions), then opens the sign-in page. */
export function useSignOut(everywhere = false) {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  return useMutation({
    mutationFn: () => api<unknown>(everywhere ? "/auth/logout-everywhere" : "/auth/logout", { method: "POST" }),
    onSuccess: async () => {
      await navigate(`/sign-in?notice=${everywhere ? "signed-out-everywhere" : "signed-out"}`);
      endSession(queryClient);
    },
  });
}

export function stepUp(body: StepUpRequest): Promise<StepUpAnswer> {
  return api<StepUpAnswer>("/auth/step-up", { method: "POST", body });
}
