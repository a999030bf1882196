import { useMutation, useQueryClient } from "@tanstack/react-query";
import type { ReattemptRequest, ReceiveReturnRequest } from "@vaki/contract/admin/failed-delivery";
import type { OrderActionAnswer } from "@vaki/contract/admin/inbox";
import { api } from "../../lib/api-client";

export type FailedDeliveryAction =
  | { kind: "reattempt"; body: ReattemptRequest }
  | { kind: "return-to-origin" }
  | { kind: "receive-return"; body: ReceiveReturnRequest };

/** A failed delivery's actions on an order; the order and the inbox lists reload after each. */
export function useFailedDeliveryAction(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (action: FailedDeliveryAction) =>
      api<OrderActionAnswer | { order: OrderActionAnswer; refunded: number }>(
        `/orders/${encodeURIComponent(id)}/${action.kind}`,
        { method: "POST", ...("body" in action ? { body: action.body } : {}) },
      ),
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: ["admin", "order", id] }),
        queryClient.invalidateQueries({ queryKey: ["admin", "orders"] }),
      ]),
  });
}
