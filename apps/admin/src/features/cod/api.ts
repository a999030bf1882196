import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type {
  CodBlock,
  CodBlockRequest,
  CodBlocksAnswer,
  CodDecisionAnswer,
  CodOrdersToConfirmAnswer,
  PaymentDecisionRequest,
  PaymentsToReviewAnswer,
} from "@vaki/contract/admin/cod";
import { api } from "../../lib/api-client";

const codOrdersKey = ["admin", "cod", "orders"] as const;
const codBlocksKey = ["admin", "cod", "blocks"] as const;
const paymentsKey = ["admin", "payments", "review"] as const;

export function useCodOrders() {
  return useQuery({
    queryKey: codOrdersKey,
    queryFn: ({ signal }) => api<CodOrdersToConfirmAnswer>("/cod/orders", { signal }),
  });
}

/** Confirm or cancel a COD order; either way it leaves the list (and the orders lists change). */
export function useCodDecision() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, decision }: { id: string; decision: "confirm" | "cancel" }) =>
      api<CodDecisionAnswer>(`/cod/orders/${encodeURIComponent(id)}/${decision}`, { method: "POST" }),
    onSettled: async () => {
      await queryClient.invalidateQueries({ queryKey: codOrdersKey });
      await queryClient.invalidateQueries({ queryKey: ["admin", "orders"] });
    },
  });
}

export function useCodBlocks() {
  return useQuery({ queryKey: codBlocksKey, queryFn: ({ signal }) => api<CodBlocksAnswer>("/cod/blocks", { signal }) });
}

export function useAddCodBlock() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: CodBlockRequest) => api<CodBlock>("/cod/blocks", { method: "POST", body }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: codBlocksKey }),
  });
}

export function useRemoveCodBlock() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => api<CodBlock>(`/cod/blocks/${encodeURIComponent(id)}`, { method: "DELETE" }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: codBlocksKey }),
  });
}

export function usePaymentsToReview(enabled: boolean) {
  return useQuery({
    queryKey: paymentsKey,
    queryFn: ({ signal }) => api<PaymentsToReviewAnswer>("/payments/review", { signal }),
    enabled,
  });
}

export function useResolvePayment() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ paymentId, ...body }: PaymentDecisionRequest & { paymentId: string }) =>
      api<Record<string, never>>(`/payments/review/${encodeURIComponent(paymentId)}/resolve`, {
        method: "POST",
        body,
      }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: paymentsKey }),
  });
}
