import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type { AdminPhoto, AdminPhotosAnswer, PhotoUpdate } from "@vaki/contract/admin/photos";
import { api, apiUpload } from "../../lib/api-client";

const photosKey = (productId: number) => ["admin", "photos", productId] as const;

export function useProductPhotos(productId: number) {
  return useQuery({
    queryKey: photosKey(productId),
    queryFn: ({ signal }) => api<AdminPhotosAnswer>(`/products/${productId}/photos`, { signal }),
  });
}

/** One photo's bytes, with progress; the list and the product (its cover) refresh after. */
export function useUploadPhoto(productId: number) {
  const queryClient = useQueryClient();
  return async (file: File, onProgress: (fraction: number) => void): Promise<AdminPhoto> => {
    const photo = await apiUpload<AdminPhoto>(`/products/${productId}/photos`, file, { onProgress });
    await Promise.all([
      queryClient.invalidateQueries({ queryKey: photosKey(productId) }),
      queryClient.invalidateQueries({ queryKey: ["admin", "product"] }),
    ]);
    return photo;
  };
}

/** Alt text and colour, order, primary and delete: each answers the list (kept as the cache). */
export function usePhotoMutations(productId: number) {
  const queryClient = useQueryClient();
  const base = `/products/${productId}/photos`;
  const settle = async (answer?: AdminPhotosAnswer) => {
    if (answer) queryClient.setQueryData(photosKey(productId), answer);
    await Promise.all([
      queryClient.invalidateQueries({ queryKey: photosKey(productId) }),
      queryClient.invalidateQueries({ queryKey: ["admin", "product"] }),
    ]);
  };
  return {
    update: useMutation({
      mutationFn: ({ photoId, body }: { photoId: number; body: PhotoUpdate }) =>
        api<AdminPhoto>(`${base}/${photoId}`, { method: "PATCH", body }),
      onSuccess: () => settle(),
    }),
    reorder: useMutation({
      mutationFn: (ids: number[]) => api<AdminPhotosAnswer>(`${base}/order`, { method: "POST", body: { ids } }),
      onSuccess: settle,
    }),
    makePrimary: useMutation({
      mutationFn: (photoId: number) => api<AdminPhotosAnswer>(`${base}/${photoId}/primary`, { method: "POST" }),
      onSuccess: settle,
    }),
    remove: useMutation({
      mutationFn: (photoId: number) => api<AdminPhotosAnswer>(`${base}/${photoId}`, { method: "DELETE" }),
      onSuccess: settle,
    }),
  };
}
