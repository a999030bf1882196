import { zodResolver } from "@hookform/resolvers/zod";
import { photoLimits, photoMessages, photoTypes } from "@vaki/contract/admin/photos";
import { afterSalesMessages, createAfterSalesSchema, defectPhotosMax } from "@vaki/contract/exchanges";
import type { z } from "@vaki/contract/zod";
import { Check, CircleAlert, LoaderCircle, X } from "lucide-react";
import { type ChangeEvent, useEffect, useId, useRef, useState } from "react";
import { type Path, useForm } from "react-hook-form";
import { FormMessage } from "../../../../components/form-field";
import { Modal } from "../../../../components/modal";
import { errorMessage, isApiError } from "../../../../lib/api-error";
import { afterSalesText as t } from "../../after-sales-messages";
import { type DefectPhoto, type PhotoUploadState, useReportDefect } from "../../hooks/use-after-sales";

/** The contract's own rules for the report's text and quantity, so the form and the server agree. */
const defectFormSchema = createAfterSalesSchema.options[1].pick({ description: true, quantity: true });
type FormInput = z.input<typeof defectFormSchema>;
type FormOutput = z.output<typeof defectFormSchema>;

interface PickedPhoto extends DefectPhoto {
  preview: string;
}

export interface DefectReportDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  orderId: string;
  itemId: number;
  productName: string;
  /** Units that may be reported; a quantity is asked only when more than one. */
  units: number;
}

/** Why a picked file cannot go up, by the same rules as the admin's photos; null when it can. */
function photoProblem(file: File): string | null {
  if (!(photoTypes as readonly string[]).includes(file.type)) return photoMessages.notImage;
  if (file.size > photoLimits.bytesMax) return photoMessages.tooLarge;
  return null;
}

let photoCounter = 0;

/**
 * "Report a defect": what is wrong (react-hook-form + the contract's schema), up to three photos
 * with thumbnails, then "Send report". The report is sent first and each photo after it.
 */
export function DefectReportDialog({
  open,
  onOpenChange,
  orderId,
  itemId,
  productName,
  units,
}: DefectReportDialogProps) {
  const photosId = useId();
  const photosHintId = useId();
  const photosErrorId = useId();
  const quantityId = useId();
  const report = useReportDefect(orderId);
  const [photos, setPhotos] = useState<PickedPhoto[]>([]);
  const [photosError, setPhotosError] = useState<string | null>(null);
  const fileInput = useRef<HTMLInputElement>(null);
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors, isSubmitting },
  } = useForm<FormInput, unknown, FormOutput>({
    resolver: zodResolver(defectFormSchema),
    defaultValues: { description: "", quantity: 1 },
  });

  // The thumbnails' object URLs go with the dialog.
  const shown = useRef(photos);
  shown.current = photos;
  useEffect(
    () => () => {
      for (const photo of shown.current) URL.revokeObjectURL(photo.preview);
    },
    [],
  );

  const sent = report.request !== null;
  const busy = isSubmitting || report.uploading;
  const failed = photos.filter((photo) => report.uploads[photo.key]?.state === "failed");

  const addPhotos = (event: ChangeEvent<HTMLInputElement>) => {
    const picked = Array.from(event.target.files ?? []);
    // Cleared so that the same file can be picked again after removing it.
    event.target.value = "";
    const problem = picked.map(photoProblem).find(Boolean) ?? null;
    const usable = picked.filter((file) => photoProblem(file) === null);
    const room = defectPhotosMax - photos.length;
    const added = usable.slice(0, Math.max(room, 0)).map((file) => ({
      key: `photo-${++photoCounter}`,
      file,
      preview: URL.createObjectURL(file),
    }));
    setPhotos((current) => [...current, ...added]);
    setPhotosError(usable.length > room ? afterSalesMessages.tooManyPhotos : problem);
  };

  const removePhoto = (key: string) => {
    setPhotos((current) => {
      const gone = current.find((photo) => photo.key === key);
      if (gone) URL.revokeObjectURL(gone.preview);
      return current.filter((photo) => photo.key !== key);
    });
    setPhotosError(null);
    fileInput.current?.focus();
  };

  const submit = handleSubmit(async (values) => {
    // One report per dialog: a second press while it is on its way sends nothing.
    if (sent || report.creating) return;
    try {
      const allSent = await report.submit(
        { itemId, quantity: values.quantity, description: values.description },
        photos,
      );
      if (allSent) onOpenChange(false);
    } catch (error) {
      const fields = isApiError(error) ? Object.entries(error.fieldErrors) : [];
      const known = fields.filter(([field]) => field === "description" || field === "quantity");
      for (const [field, messages] of known) {
        setError(field as Path<FormInput>, { message: messages.join(" ") }, { shouldFocus: true });
      }
      if (known.length === 0) setError("root", { message: errorMessage(error, t.actionFailed) });
    }
  });

  const retry = async () => {
    if (await report.retry(failed)) onOpenChange(false);
  };

  return (
    <Modal
      open={open}
      onOpenChange={(next) => {
        if (!busy) onOpenChange(next);
      }}
      title={afterSalesMessages.defectButton}
      description={productName}
    >
      <form className="after-sales-form" onSubmit={submit} noValidate>
        {errors.root?.message ? <FormMessage tone="error">{errors.root.message}</FormMessage> : null}
        {sent && failed.length > 0 && !report.uploading ? (
          <FormMessage tone="error">
            {t.reportSentPhotosFailed}
            <ul>
              {failed.map((photo) => {
                const upload = report.uploads[photo.key];
                return (
                  <li key={photo.key}>
                    {t.photoFailed(photo.file.name, upload?.state === "failed" ? upload.error : "")}
                  </li>
                );
              })}
            </ul>
          </FormMessage>
        ) : null}

        <div className="form-field">
          <label className="form-field__label" htmlFor={`${photosId}-description`}>
            {t.descriptionLabel}
          </label>
          <div className="form-field__box" data-invalid={errors.description ? "true" : undefined}>
            <textarea
              id={`${photosId}-description`}
              className="form-field__input after-sales-form__textarea"
              rows={4}
              maxLength={2000}
              readOnly={sent}
              aria-invalid={errors.description ? true : undefined}
              aria-describedby={errors.description ? `${photosId}-description-error` : `${photosId}-description-hint`}
              {...register("description")}
            />
          </div>
          <p id={`${photosId}-description-hint`} className="form-field__hint">
            {t.descriptionHint}
          </p>
          {errors.description?.message ? (
            <p id={`${photosId}-description-error`} className="form-field__error" role="alert">
              {errors.description.message}
            </p>
          ) : null}
        </div>

        {units > 1 ? (
          <div className="form-field">
            <label className="form-field__label" htmlFor={quantityId}>
              {t.quantity}
            </label>
            <div className="form-field__box" data-invalid={errors.quantity ? "true" : undefined}>
              <select
                id={quantityId}
                className="form-field__input after-sales-form__select"
                disabled={sent}
                {...register("quantity", { valueAsNumber: true })}
              >
                {Array.from({ length: units }, (_, index) => index + 1).map((count) => (
                  <option key={count} value={count}>
                    {count}
                  </option>
                ))}
              </select>
            </div>
            {errors.quantity?.message ? (
              <p className="form-field__error" role="alert">
                {errors.quantity.message}
              </p>
            ) : null}
          </div>
        ) : null}

        <div className="form-field">
          <label className="form-field__label" htmlFor={photosId}>
            {t.photosLabel}
          </label>
          {sent ? null : (
            <input
              ref={fileInput}
              id={photosId}
              className="after-sales-form__file"
              type="file"
              accept={photoLimits.accept}
              multiple
              disabled={photos.length >= defectPhotosMax}
              aria-describedby={[photosHintId, photosError ? photosErrorId : null].filter(Boolean).join(" ")}
              aria-invalid={photosError ? true : undefined}
              onChange={addPhotos}
            />
          )}
          <p id={photosHintId} className="form-field__hint">
            {t.photosHint}
          </p>
          {photosError ? (
            <p id={photosErrorId} className="form-field__error" role="alert">
              {photosError}
            </p>
          ) : null}
          {photos.length > 0 ? (
            <ul className="after-sales-photos" aria-label={t.photosLabel}>
              {photos.map((photo) => (
                <li key={photo.key} className="after-sales-photos__item">
                  <img src={photo.preview} alt={photo.file.name} width={72} height={72} />
                  <UploadStatus upload={report.uploads[photo.key]} />
                  {sent ? null : (
                    <button
                      type="button"
                      className="after-sales-photos__remove"
                      aria-label={t.removePhoto(photo.file.name)}
                      onClick={() => removePhoto(photo.key)}
                    >
                      <X aria-hidden="true" />
                    </button>
                  )}
                </li>
              ))}
            </ul>
          ) : null}
        </div>

        <div className="order-dialog__actions">
          {sent ? (
            <>
              {failed.length > 0 ? (
                <button
                  type="button"
                  className="button button--small"
                  onClick={retry}
                  aria-disabled={busy || undefined}
                >
                  {t.retryPhotos}
                </button>
              ) : null}
              <button
                type="button"
                className="button button--small button--primary"
                onClick={() => onOpenChange(false)}
                disabled={report.uploading}
              >
                {t.done}
              </button>
            </>
          ) : (
            <button type="submit" className="button button--small button--primary" aria-disabled={busy || undefined}>
              {busy ? t.sending : t.sendReport}
            </button>
          )}
        </div>
      </form>
    </Modal>
  );
}

/** A photo's upload as a word and an icon: waiting, uploading, uploaded, failed. */
function UploadStatus({ upload }: { upload: PhotoUploadState | undefined }) {
  if (!upload) return null;
  const [icon, text] =
    upload.state === "done"
      ? [<Check key="icon" aria-hidden="true" />, t.photoDone]
      : upload.state === "failed"
        ? [<CircleAlert key="icon" aria-hidden="true" />, upload.error]
        : upload.state === "uploading"
          ? [<LoaderCircle key="icon" aria-hidden="true" className="spin" />, t.photoUploading]
          : [null, t.photoWaiting];
  return (
    <span className={`after-sales-photos__status after-sales-photos__status--${upload.state}`} role="status">
      {icon}
      {text}
    </span>
  );
}
