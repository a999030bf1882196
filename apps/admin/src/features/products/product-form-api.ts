import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type {
  Colour,
  ColourCreateRequest,
  ColoursAnswer,
  ProductCreateAnswer,
  ProductCreateRequest,
  VariantGridAnswer,
  VariantGridRequest,
} from "@vaki/contract/admin/product-form";
import { api } from "../../lib/api-client";

export function useColours() {
  return useQuery({
    queryKey: ["admin", "colours"],
    queryFn: ({ signal }) => api<ColoursAnswer>("/colours", { signal }),
    select: (answer) => answer.colours,
  });
}

export function useAddColour() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: ColourCreateRequest) => api<Colour>("/colours", { method: "POST", body }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ["admin", "colours"] }),
  });
}

/** A new product or a grid save refreshes the product, the lists and the ledgers. */
function useProductWrite<TBody, TAnswer>(call: (body: TBody) => Promise<TAnswer>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: call,
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: ["admin", "product"] }),
        queryClient.invalidateQueries({ queryKey: ["admin", "products"] }),
        queryClient.invalidateQueries({ queryKey: ["admin", "ledger"] }),
      ]),
  });
}

export function useCreateProduct() {
  return useProductWrite((body: ProductCreateRequest) =>
    api<ProductCreateAnswer>("/products", { method: "POST", body }),
  );
}

export function useSaveGrid(productId: number) {
  return useProductWrite((body: VariantGridRequest) =>
    api<VariantGridAnswer>(`/products/${productId}/variants`, { method: "PUT", body }),
  );
}
