import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { type AfterSalesRequest, afterSalesMessages, type ChooseAfterSales } from "@vaki/contract/exchanges";
import { useCallback, useEffect, useRef, useState } from "react";
import { errorMessage } from "../../../lib/api-error";
import { toast } from "../../../lib/toast-store";
import { afterSalesText as t } from "../after-sales-messages";
import {
  afterSalesKeys,
  chooseAfterSales,
  createAfterSales,
  fetchDefectPhoto,
  orderAfterSalesQuery,
  uploadDefectPhoto,
  withdrawAfterSales,
} from "../exchanges-api";
import { orderKeys } from "../orders-api";

/** A delivered order's offers and requests; nothing is asked for an order that is not delivered. */
export function useOrderAfterSales(orderId: string, enabled = true) {
  return useQuery({ ...orderAfterSalesQuery(orderId), enabled });
}

function useRefreshAfterSales(orderId: string) {
  const queryClient = useQueryClient();
  return useCallback(
    () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: afterSalesKeys.order(orderId) }),
        // The card on My Orders shows the newest request's status too.
        queryClient.invalidateQueries({ queryKey: afterSalesKeys.summaries }),
      ]),
    [queryClient, orderId],
  );
}

/**
 * Asking for a size exchange. A refusal (the size just sold out, a request already open) is left
 * to the dialog to show beside its field; either way the offers are read again.
 */
export function useRequestExchange(orderId: string) {
  const refresh = useRefreshAfterSales(orderId);
  return useMutation({
    mutationFn: (input: { itemId: number; variantId: number; quantity: number }) =>
      createAfterSales(orderId, { kind: "exchange", ...input }),
    onSuccess: () => toast.success(afterSalesMessages.requested),
    onSettled: refresh,
  });
}

/** After SIZE_UNAVAILABLE: another size (back to the shop) or a refund of the line. */
export function useChooseAfterSales(orderId: string) {
  const refresh = useRefreshAfterSales(orderId);
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ requestId, choice }: { requestId: number; choice: ChooseAfterSales }) =>
      chooseAfterSales(orderId, requestId, choice),
    onSuccess: async (_answer, { choice }) => {
      toast.success("refund" in choice ? t.refundChosen : afterSalesMessages.requested);
      // A refund shows on the order's card once the shop has paid it.
      if ("refund" in choice) await queryClient.invalidateQueries({ queryKey: orderKeys.histories });
    },
    onSettled: refresh,
  });
}

export function useWithdrawAfterSales(orderId: string) {
  const refresh = useRefreshAfterSales(orderId);
  return useMutation({
    mutationFn: (requestId: number) => withdrawAfterSales(orderId, requestId),
    onSuccess: () => toast.success(afterSalesMessages.withdrawn),
    onError: (error) => toast.error(errorMessage(error, t.actionFailed)),
    onSettled: refresh,
  });
}

export type PhotoUploadState =
  | { state: "waiting" }
  | { state: "uploading" }
  | { state: "done" }
  | { state: "failed"; error: string };

export interface DefectPhoto {
  /** Stable across renders: the picker's own key for the chosen file. */
  key: string;
  file: File;
}

/**
 * Reporting a defect: the report is created first, then each photo goes up on its own, so a
 * failed photo leaves the report sent and says which photo failed (and can be tried again).
 */
export function useReportDefect(orderId: string) {
  const refresh = useRefreshAfterSales(orderId);
  const [request, setRequest] = useState<AfterSalesRequest | null>(null);
  const [uploads, setUploads] = useState<Record<string, PhotoUploadState>>({});
  const [uploading, setUploading] = useState(false);
  const mounted = useRef(true);
  useEffect(
    () => () => {
      mounted.current = false;
    },
    [],
  );

  const mark = (key: string, state: PhotoUploadState) => {
    if (mounted.current) setUploads((current) => ({ ...current, [key]: state }));
  };

  /** Sends the photos one after another; true when every one of them arrived. */
  const sendPhotos = async (requestId: number, photos: readonly DefectPhoto[]): Promise<boolean> => {
    setUploading(true);
    let allSent = true;
    for (const photo of photos) mark(photo.key, { state: "waiting" });
    for (const photo of photos) {
      mark(photo.key, { state: "uploading" });
      try {
        await uploadDefectPhoto(orderId, requestId, photo.file);
        mark(photo.key, { state: "done" });
      } catch (error) {
        allSent = false;
        mark(photo.key, { state: "failed", error: errorMessage(error, t.actionFailed) });
      }
    }
    if (mounted.current) setUploading(false);
    await refresh();
    return allSent;
  };

  const create = useMutation({
    mutationFn: (input: { itemId: number; quantity: number; description: string }) =>
      createAfterSales(orderId, { kind: "defect", ...input }),
    onSuccess: (created) => {
      setRequest(created);
      toast.success(afterSalesMessages.defectReported);
    },
    onSettled: refresh,
  });

  /** Creates the report, then uploads its photos; true when the report and every photo arrived. */
  const submit = async (
    input: { itemId: number; quantity: number; description: string },
    photos: readonly DefectPhoto[],
  ): Promise<boolean> => {
    const created = await create.mutateAsync(input);
    return photos.length === 0 ? true : sendPhotos(created.id, photos);
  };

  /** Tries the photos that failed again, on the report already sent. */
  const retry = async (photos: readonly DefectPhoto[]): Promise<boolean> =>
    request ? sendPhotos(request.id, photos) : false;

  return { submit, retry, request, uploads, uploading, creating: create.isPending };
}

/**
 * A defect photo as an object URL for an <img>, fetched with the session's token and revoked
 * when the thumbnail goes; null while loading or when it cannot be read.
 */
export function useDefectPhotoUrl(url: string): string | null {
  const photo = useQuery({
    queryKey: afterSalesKeys.photo(url),
    queryFn: () => fetchDefectPhoto(url),
    staleTime: Number.POSITIVE_INFINITY,
    retry: false,
  });
  const [objectUrl, setObjectUrl] = useState<string | null>(null);
  useEffect(() => {
    if (!photo.data) return;
    const made = URL.createObjectURL(photo.data);
    setObjectUrl(made);
    return () => {
      URL.revokeObjectURL(made);
      setObjectUrl(null);
    };
  }, [photo.data]);
  return objectUrl;
}
