import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type {
  AdminCategoriesAnswer,
  CategoryCreateRequest,
  CategoryOrderRequest,
  CategoryPatchRequest,
} from "@vaki/contract/admin/categories";
import { api } from "../../lib/api-client";

export function useCategories() {
  return useQuery({
    queryKey: ["admin", "categories"],
    queryFn: ({ signal }) => api<AdminCategoriesAnswer>("/categories", { signal }),
    select: (answer) => answer.categories,
  });
}

function useCategoryMutation<TBody>(call: (body: TBody) => Promise<unknown>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: call,
    onSettled: () => queryClient.invalidateQueries({ queryKey: ["admin", "categories"] }),
  });
}

export function useSaveCategory() {
  return useCategoryMutation(
    ({ id, body }: { id: number | null; body: CategoryCreateRequest | CategoryPatchRequest }) =>
      id === null
        ? api<{ id: number }>("/categories", { method: "POST", body })
        : api<{ id: number }>(`/categories/${id}`, { method: "PATCH", body }),
  );
}

export function useReorderCategories() {
  return useCategoryMutation((body: CategoryOrderRequest) => api("/categories/order", { method: "POST", body }));
}
