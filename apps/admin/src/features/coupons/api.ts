import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type { Coupon, CouponInput, CouponsAnswer } from "@vaki/contract/admin/coupons";
import { api } from "../../lib/api-client";

const couponsKey = ["admin", "coupons"] as const;

export function useCoupons() {
  return useQuery({ queryKey: couponsKey, queryFn: ({ signal }) => api<CouponsAnswer>("/coupons", { signal }) });
}

/** Creates a coupon (no id) or saves one (with its id). */
export function useSaveCoupon() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, input }: { id: number | null; input: CouponInput }) =>
      id === null
        ? api<Coupon>("/coupons", { method: "POST", body: input })
        : api<Coupon>(`/coupons/${id}`, { method: "PUT", body: input }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: couponsKey }),
  });
}
