import { type QueryClient, useMutation, useQueryClient } from "@tanstack/react-query";
import type { CancelledOrder } from "@vaki/contract/checkout";
import type { Order } from "@vaki/contract/orders";
import { errorMessage } from "../../../lib/api-error";
import { toast } from "../../../lib/toast-store";
import { cancelSuccessMessage } from "../cancellation";
import { orderDialogMessages as t } from "../messages";
import { cancelOrder, fetchOrder, type OrderHistoryPage, orderKeys } from "../orders-api";

/** Puts a fresher copy of an order into every cached page of the history and its own cache. */
function patchOrder(queryClient: QueryClient, orderId: string, patch: (order: Order) => Order): void {
  queryClient.setQueriesData<OrderHistoryPage>({ queryKey: orderKeys.histories }, (page) =>
    page ? { ...page, content: page.content.map((order) => (order.id === orderId ? patch(order) : order)) } : page,
  );
  queryClient.setQueryData<Order>(orderKeys.detail(orderId), (order) => (order ? patch(order) : order));
}

/** What the cancel answer already tells us, shown at once while the order is read again. */
function withCancelAnswer(order: Order, answer: CancelledOrder): Order {
  return {
    ...order,
    status: answer.status,
    statusLabel: "Cancelled",
    paymentStatus: answer.paymentStatus,
    paymentStatusLabel: answer.paymentStatusLabel,
    cancellable: false,
    cancelBlockedReason: null,
  };
}

/**
 * Cancelling an order (R-ORD-4 "Cancelling", R-ORD-8): the toast by payment
 * status, then the order is refreshed by id.
 */
export function useCancelOrder(onDone: () => void) {
  const queryClient = useQueryClient();

  const refresh = async (orderId: string) => {
    try {
      const fresh = await fetchOrder(orderId);
      patchOrder(queryClient, orderId, () => fresh);
    } catch {
      // The list refetch below still brings the new status.
    }
    await queryClient.invalidateQueries({ queryKey: orderKeys.histories });
  };

  return useMutation({
    mutationFn: (order: Order) => cancelOrder(order.id),
    onSuccess: async (answer, order) => {
      toast.success(cancelSuccessMessage(order.paymentStatus, answer.message));
      patchOrder(queryClient, order.id, (current) => withCancelAnswer(current, answer));
      onDone();
      await refresh(order.id);
    },
    onError: async (error, order) => {
      toast.error(t.cancelFailed(errorMessage(error, "Failed to cancel order")));
      onDone();
      await refresh(order.id);
    },
  });
}
