import { categoryMessages } from "@vaki/contract/admin/categories";
import { photoLimits, photoMessages } from "@vaki/contract/admin/photos";
import { useRef, useState } from "react";
import { ConfirmDialog } from "../../components/confirm-dialog";
import { errorMessage } from "../../lib/api-error";
import { useRemoveCategoryPicture, useUploadCategoryPicture } from "./api";

/** The editing dialog's picture: preview, upload with progress, remove. */
export function CategoryPictureField({
  category,
}: {
  category: { id: number; name: string; imageUrl: string | null } | null;
}) {
  return (
    <fieldset className="category-picture">
      <legend>Picture</legend>
      {category ? (
        <PictureControls category={category} />
      ) : (
        <p className="field__hint">{categoryMessages.pictureSaveFirst}</p>
      )}
    </fieldset>
  );
}

/**
 * Each upload or removal is saved at once (not with the form's Save), as a product photo is: the
 * dialog keeps the answer's address so the preview follows without waiting for the tree.
 */
function PictureControls({ category }: { category: { id: number; name: string; imageUrl: string | null } }) {
  const upload = useUploadCategoryPicture(category.id);
  const remove = useRemoveCategoryPicture(category.id);
  const picker = useRef<HTMLInputElement>(null);
  const [imageUrl, setImageUrl] = useState(category.imageUrl);
  const [progress, setProgress] = useState<number | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [status, setStatus] = useState("");
  const busy = progress !== null || remove.isPending;

  async function send(file: File) {
    setError(null);
    setStatus("");
    // Refused here as the server would, without sending 20 MB first.
    if (file.size > photoLimits.bytesMax) {
      setError(photoMessages.tooLarge);
      return;
    }
    setProgress(0);
    try {
      const answer = await upload(file, setProgress);
      setImageUrl(answer.imageUrl);
      setStatus(categoryMessages.pictureUploaded);
    } catch (failure) {
      setError(errorMessage(failure));
    } finally {
      setProgress(null);
    }
  }

  // Removing takes the picture off the storefront at once and cannot be undone: asked first,
  // as deleting a product photo is. A refusal stays in the question, in the server's words.
  const [confirmingRemoval, setConfirmingRemoval] = useState(false);
  async function removePicture() {
    setError(null);
    setStatus("");
    await remove.mutateAsync(undefined);
    setImageUrl(null);
    setStatus(categoryMessages.pictureRemoved);
  }

  return (
    <>
      {imageUrl ? (
        <img className="category-picture__preview" src={imageUrl} alt={category.name} width={120} height={150} />
      ) : (
        <p className="muted">No picture yet.</p>
      )}
      <div className="form-row">
        <button
          type="button"
          className="button button--secondary"
          disabled={busy}
          onClick={() => picker.current?.click()}
        >
          Upload picture
        </button>
        {imageUrl ? (
          <button
            type="button"
            className="button button--secondary"
            disabled={busy}
            onClick={() => setConfirmingRemoval(true)}
          >
            Remove picture
          </button>
        ) : null}
        <input
          ref={picker}
          type="file"
          accept={photoLimits.accept}
          className="visually-hidden"
          tabIndex={-1}
          aria-label="Picture file"
          onChange={(event) => {
            const file = event.target.files?.[0];
            event.target.value = "";
            if (file) void send(file);
          }}
        />
      </div>
      {progress !== null ? (
        <progress max={100} value={Math.round(progress * 100)} aria-label="Uploading picture" />
      ) : null}
      <p className="field__hint">
        JPEG, PNG, WebP or AVIF, up to 20 MB; shown in a 4:5 frame. Saved as soon as it is uploaded or removed.
      </p>
      {error ? (
        <p className="field__error" role="alert">
          {error}
        </p>
      ) : null}
      <p className="visually-hidden" role="status">
        {status}
      </p>
      <ConfirmDialog
        open={confirmingRemoval}
        onOpenChange={setConfirmingRemoval}
        title="Remove this picture?"
        description={`The shop shows ${category.name} without a picture until you upload another.`}
        confirmLabel="Remove picture"
        danger
        onConfirm={removePicture}
      />
    </>
  );
}
