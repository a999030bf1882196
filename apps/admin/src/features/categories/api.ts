import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type {
  AdminCategoriesAnswer,
  CategoryCreateRequest,
  CategoryOrderRequest,
  CategoryPatchRequest,
  CategoryPictureAnswer,
} from "@vaki/contract/admin/categories";
import { api, apiUpload } from "../../lib/api-client";

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

/** The picture's bytes, with progress (the same raw upload as a product photo's); the tree refreshes after. */
export function useUploadCategoryPicture(categoryId: number) {
  const queryClient = useQueryClient();
  return async (file: File, onProgress: (fraction: number) => void): Promise<CategoryPictureAnswer> => {
    const answer = await apiUpload<CategoryPictureAnswer>(`/categories/${categoryId}/picture`, file, { onProgress });
    await queryClient.invalidateQueries({ queryKey: ["admin", "categories"] });
    return answer;
  };
}

export function useRemoveCategoryPicture(categoryId: number) {
  return useCategoryMutation<void>(() =>
    api<CategoryPictureAnswer>(`/categories/${categoryId}/picture`, { method: "DELETE" }),
  );
}
