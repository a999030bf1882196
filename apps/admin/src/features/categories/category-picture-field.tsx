import { categoryMessages } from "@vaki/contract/admin/categories";
import { photoLimits, photoMessages } from "@vaki/contract/admin/photos";
import { useRef, useState } from "react";
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

  function removePicture() {
    setError(null);
    setStatus("");
    remove.mutate(undefined, {
      onSuccess: () => {
        setImageUrl(null);
        setStatus(categoryMessages.pictureRemoved);
      },
      onError: (failure) => setError(errorMessage(failure)),
    });
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
          <button type="button" className="button button--secondary" disabled={busy} onClick={removePicture}>
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
    </>
  );
}
