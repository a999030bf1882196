import { type AdminPhoto, photoLimits, photoMessages } from "@vaki/contract/admin/photos";
import { type DragEvent, useEffect, useId, useRef, useState } from "react";
import { ConfirmDialog } from "../../components/confirm-dialog";
import { ErrorState, LoadingState } from "../../components/states";
import { errorMessage } from "../../lib/api-error";
import { usePhotoMutations, useProductPhotos, useUploadPhoto } from "./photos-api";

interface Upload {
  key: number;
  name: string;
  /** 0 to 1. */
  progress: number;
  status: "waiting" | "uploading" | "done" | "failed";
  error?: string;
}

/** Two uploads at a time: each shows its own progress, and the server is not flooded. */
const uploadsAtOnce = 2;
/** The drag of a photo within the list (files dragged in from outside carry "Files" instead). */
const photoDragType = "application/x-vaki-photo";

let uploadCounter = 0;

/**
 * A product's photos: add by drop or picker (several, each with its progress and its error beside
 * it), then per photo its alt text and colour, primary, order (drag, or Move up / Move down from the
 * keyboard) and delete. Without `canEdit` the list is read-only.
 */
export function PhotosSection({ productId, canEdit }: { productId: number; canEdit: boolean }) {
  const photos = useProductPhotos(productId);
  const mutations = usePhotoMutations(productId);
  const upload = useUploadPhoto(productId);
  const [uploads, setUploads] = useState<Upload[]>([]);
  const [dropActive, setDropActive] = useState(false);
  const [listError, setListError] = useState<string | null>(null);
  const [dragged, setDragged] = useState<number | null>(null);
  const picker = useRef<HTMLInputElement>(null);

  const patch = (key: number, change: Partial<Upload>) =>
    setUploads((current) => current.map((item) => (item.key === key ? { ...item, ...change } : item)));

  async function addFiles(files: readonly File[]) {
    const queued = files.map((file) => {
      uploadCounter += 1;
      const tooLarge = file.size > photoLimits.bytesMax;
      const item: Upload = {
        key: uploadCounter,
        name: file.name,
        progress: 0,
        status: tooLarge ? "failed" : "waiting",
        ...(tooLarge ? { error: photoMessages.tooLarge } : {}),
      };
      return { file, item };
    });
    setUploads((current) => [...current, ...queued.map(({ item }) => item)]);
    const todo = queued.filter(({ item }) => item.status === "waiting");
    const next = async (): Promise<void> => {
      const job = todo.shift();
      if (!job) return;
      patch(job.item.key, { status: "uploading" });
      try {
        await upload(job.file, (progress) => patch(job.item.key, { progress }));
        patch(job.item.key, { status: "done", progress: 1 });
      } catch (error) {
        patch(job.item.key, { status: "failed", error: errorMessage(error) });
      }
      return next();
    };
    await Promise.all(Array.from({ length: Math.min(uploadsAtOnce, todo.length) }, next));
  }

  const list = photos.data?.photos ?? [];

  async function move(ids: number[]) {
    setListError(null);
    try {
      await mutations.reorder.mutateAsync(ids);
    } catch (error) {
      setListError(errorMessage(error));
    }
  }

  function moveBy(photoId: number, step: -1 | 1) {
    const ids = list.map((photo) => photo.id);
    const from = ids.indexOf(photoId);
    const to = from + step;
    if (from < 0 || to < 0 || to >= ids.length) return;
    [ids[from], ids[to]] = [ids[to] ?? photoId, photoId];
    void move(ids);
  }

  function dropOn(targetId: number, event: DragEvent) {
    if (dragged === null || !event.dataTransfer.types.includes(photoDragType)) return;
    event.preventDefault();
    event.stopPropagation();
    // Dropped on a photo below, it goes after it; on one above, before it.
    const target = list.findIndex((photo) => photo.id === targetId);
    const ids = list.map((photo) => photo.id).filter((id) => id !== dragged);
    ids.splice(target, 0, dragged);
    setDragged(null);
    if (ids.join() !== list.map((photo) => photo.id).join()) void move(ids);
  }

  const hasFiles = (event: DragEvent) => event.dataTransfer.types.includes("Files");

  return (
    <section className="panel" aria-labelledby="product-photos">
      <h2 id="product-photos">Photos</h2>
      {canEdit ? (
        <>
          {/* biome-ignore lint/a11y/noStaticElementInteractions: only a drop target; the "Add photos" button is the keyboard's way. */}
          <div
            className={dropActive ? "photo-drop photo-drop--active" : "photo-drop"}
            onDragOver={(event) => {
              if (!hasFiles(event)) return;
              event.preventDefault();
              setDropActive(true);
            }}
            onDragLeave={() => setDropActive(false)}
            onDrop={(event) => {
              if (!hasFiles(event)) return;
              event.preventDefault();
              setDropActive(false);
              void addFiles([...event.dataTransfer.files]);
            }}
          >
            <p>Drop photos here, or</p>
            <button type="button" className="button" onClick={() => picker.current?.click()}>
              Add photos
            </button>
            <input
              ref={picker}
              type="file"
              multiple
              accept={photoLimits.accept}
              className="visually-hidden"
              tabIndex={-1}
              aria-label="Photo files"
              onChange={(event) => {
                const files = [...(event.target.files ?? [])];
                event.target.value = "";
                if (files.length > 0) void addFiles(files);
              }}
            />
            <p className="field__hint">JPEG, PNG, WebP or AVIF, up to 20 MB each.</p>
          </div>
          {uploads.length > 0 ? (
            <ul className="photo-uploads" aria-label="Uploads">
              {uploads.map((item) => (
                <li key={item.key} className="photo-upload">
                  <span className="photo-upload__name">{item.name}</span>
                  {item.status === "failed" ? (
                    <span className="field__error" role="alert">
                      {item.error}
                    </span>
                  ) : (
                    <>
                      <progress
                        max={100}
                        value={Math.round(item.progress * 100)}
                        aria-label={`Uploading ${item.name}`}
                      />
                      <span className="small muted">
                        {item.status === "done"
                          ? "Added"
                          : item.status === "waiting"
                            ? "Waiting"
                            : `${Math.round(item.progress * 100)}%`}
                      </span>
                    </>
                  )}
                  {item.status === "done" || item.status === "failed" ? (
                    <button
                      type="button"
                      className="button button--ghost button--small"
                      onClick={() => setUploads((current) => current.filter((other) => other.key !== item.key))}
                      aria-label={`Dismiss ${item.name}`}
                    >
                      Dismiss
                    </button>
                  ) : null}
                </li>
              ))}
            </ul>
          ) : null}
        </>
      ) : null}
      {listError ? (
        <p className="alert alert--error" role="alert">
          {listError}
        </p>
      ) : null}
      {photos.isPending ? (
        <LoadingState label="Loading the photos…" />
      ) : photos.isError ? (
        <ErrorState error={photos.error} onRetry={() => void photos.refetch()} />
      ) : list.length === 0 ? (
        <p className="muted">No photos yet.</p>
      ) : (
        <ol className="photo-list">
          {list.map((photo, index) => (
            <li
              key={photo.id}
              className={dragged === photo.id ? "photo-item photo-item--dragged" : "photo-item"}
              draggable={canEdit}
              onDragStart={(event) => {
                event.dataTransfer.setData(photoDragType, String(photo.id));
                event.dataTransfer.effectAllowed = "move";
                setDragged(photo.id);
              }}
              onDragEnd={() => setDragged(null)}
              onDragOver={(event) => {
                if (dragged !== null && event.dataTransfer.types.includes(photoDragType)) event.preventDefault();
              }}
              onDrop={(event) => dropOn(photo.id, event)}
            >
              <PhotoItem
                photo={photo}
                position={index + 1}
                count={list.length}
                colours={photos.data.colours}
                canEdit={canEdit}
                mutations={mutations}
                onMove={(step) => moveBy(photo.id, step)}
              />
            </li>
          ))}
        </ol>
      )}
    </section>
  );
}

function PhotoItem({
  photo,
  position,
  count,
  colours,
  canEdit,
  mutations,
  onMove,
}: {
  photo: AdminPhoto;
  position: number;
  count: number;
  colours: string[];
  canEdit: boolean;
  mutations: ReturnType<typeof usePhotoMutations>;
  onMove: (step: -1 | 1) => void;
}) {
  const id = useId();
  const [alt, setAlt] = useState(photo.alt);
  const [color, setColor] = useState(photo.color ?? "");
  const [error, setError] = useState<string | null>(null);
  const [saved, setSaved] = useState(false);
  const [confirming, setConfirming] = useState(false);
  // A refreshed list (another save, a reorder) brings the stored words back.
  useEffect(() => {
    setAlt(photo.alt);
    setColor(photo.color ?? "");
  }, [photo.alt, photo.color]);

  // Move up / Move down keep the keyboard on the moved photo's button once the list has moved
  // (after every render: cheap, and only acts right after a move).
  const moveUp = useRef<HTMLButtonElement>(null);
  const moveDown = useRef<HTMLButtonElement>(null);
  const moving = useRef<-1 | 1 | null>(null);
  useEffect(() => {
    if (moving.current === null) return;
    const wanted = moving.current === -1 ? moveUp.current : moveDown.current;
    const other = moving.current === -1 ? moveDown.current : moveUp.current;
    moving.current = null;
    (wanted && !wanted.disabled ? wanted : other)?.focus();
  });
  const moveBy = (step: -1 | 1) => {
    moving.current = step;
    onMove(step);
  };

  const dirty = alt !== photo.alt || color !== (photo.color ?? "");
  const altError = alt.trim() === "" ? photoMessages.altRequired : null;

  async function save() {
    setSaved(false);
    if (altError) {
      setError(altError);
      return;
    }
    setError(null);
    try {
      await mutations.update.mutateAsync({ photoId: photo.id, body: { alt: alt.trim(), color: color || null } });
      setSaved(true);
    } catch (failure) {
      setError(errorMessage(failure));
    }
  }

  async function run(call: () => Promise<unknown>) {
    setError(null);
    try {
      await call();
    } catch (failure) {
      setError(errorMessage(failure));
    }
  }

  const label = `Photo ${position}`;
  return (
    <fieldset className="photo-item__body">
      <legend className="photo-item__legend">
        {label}
        {photo.primary ? <span className="badge badge--ok">Primary</span> : null}
      </legend>
      <img
        className="photo-item__thumb"
        src={photo.thumbnailUrl}
        alt={photo.alt}
        width={photo.width && photo.height ? 96 : undefined}
        height={photo.width && photo.height ? Math.round((96 * photo.height) / photo.width) : undefined}
        loading="lazy"
      />
      {canEdit ? (
        <form
          className="photo-item__form"
          noValidate
          onSubmit={(event) => {
            event.preventDefault();
            void save();
          }}
        >
          <div className="field">
            <label htmlFor={`${id}-alt`}>Alt text</label>
            <input
              id={`${id}-alt`}
              className="input"
              required
              maxLength={photoLimits.altMax}
              value={alt}
              aria-invalid={error && altError ? true : undefined}
              aria-describedby={error ? `${id}-error` : undefined}
              onChange={(event) => {
                setAlt(event.target.value);
                setSaved(false);
              }}
            />
          </div>
          <div className="field">
            <label htmlFor={`${id}-colour`}>Colour</label>
            <select
              id={`${id}-colour`}
              className="select"
              value={color}
              onChange={(event) => {
                setColor(event.target.value);
                setSaved(false);
              }}
            >
              <option value="">Every colour</option>
              {colours.map((name) => (
                <option key={name} value={name}>
                  {name}
                </option>
              ))}
              {photo.color && !colours.includes(photo.color) ? (
                <option value={photo.color}>{photo.color}</option>
              ) : null}
            </select>
          </div>
          {error ? (
            <p id={`${id}-error`} className="field__error" role="alert">
              {error}
            </p>
          ) : saved ? (
            <p className="small muted" role="status">
              Saved
            </p>
          ) : null}
          <div className="form-row">
            <button
              type="submit"
              className="button button--small"
              disabled={!dirty || mutations.update.isPending}
              aria-label={`Save ${label.toLowerCase()}`}
            >
              Save
            </button>
            {photo.primary ? null : (
              <button
                type="button"
                className="button button--secondary button--small"
                onClick={() => void run(() => mutations.makePrimary.mutateAsync(photo.id))}
                aria-label={`Make primary (${label.toLowerCase()})`}
              >
                Make primary
              </button>
            )}
            <button
              type="button"
              className="button button--secondary button--small"
              ref={moveUp}
              disabled={position === 1}
              onClick={() => moveBy(-1)}
              aria-label={`Move up (${label.toLowerCase()})`}
            >
              Move up
            </button>
            <button
              type="button"
              className="button button--secondary button--small"
              ref={moveDown}
              disabled={position === count}
              onClick={() => moveBy(1)}
              aria-label={`Move down (${label.toLowerCase()})`}
            >
              Move down
            </button>
            <button
              type="button"
              className="button button--danger button--small"
              onClick={() => setConfirming(true)}
              aria-label={`Delete ${label.toLowerCase()}`}
            >
              Delete
            </button>
          </div>
        </form>
      ) : (
        <p className="small">
          {photo.alt}
          {photo.color ? ` · ${photo.color}` : ""}
        </p>
      )}
      <ConfirmDialog
        open={confirming}
        onOpenChange={setConfirming}
        title="Delete this photo?"
        description={`"${photo.alt}" leaves the product and the storefront.`}
        confirmLabel="Delete photo"
        danger
        onConfirm={() => mutations.remove.mutateAsync(photo.id)}
      />
    </fieldset>
  );
}
