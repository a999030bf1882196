import type { Profile } from "@vaki/contract/accounts";
import { Check, LoaderCircle, Pencil, X } from "lucide-react";
import { type FormEvent, type KeyboardEvent, type ReactNode, useEffect, useRef, useState } from "react";
import { FormField } from "../../components/form-field";
import { useProfileWrite } from "../../features/accounts/profile-api";
import { networkMessages } from "../../lib/api-client";
import { isApiError } from "../../lib/api-error";
import { toast } from "../../lib/toast-store";

interface InlineEditFieldProps {
  /** The field's label, also the input's accessible name. */
  label: string;
  /** What the row shows when not editing. */
  display: ReactNode;
  /** The draft the input starts with. */
  initial: string;
  editing: boolean;
  onEditingChange: (editing: boolean) => void;
  /** The client rule: an error message, or null when the draft may be sent. */
  validate: (draft: string) => string | null;
  save: (draft: string) => Promise<Profile>;
  /** The field name in the server's field errors. */
  serverField: string;
  succeeded: string;
  /** The failure toast: fixed words, or built from the server's reason. */
  failed: string | ((reason: string) => string);
  inputProps?: {
    type?: string;
    autoComplete?: string;
    inputMode?: "text" | "tel" | "numeric";
    maxLength?: number;
  };
  /** Shown inside the input box before the input (the country code). */
  prefix?: ReactNode;
  hint?: ReactNode;
}

/**
 * A profile value with inline edit (R-ORD-2 "Personal tab"): Edit opens a
 * labelled input with Save and Cancel; Escape cancels. The rule is checked before the call; the
 * server's own reason is shown under the input when it refuses.
 */
export function InlineEditField({
  label,
  display,
  initial,
  editing,
  onEditingChange,
  validate,
  save,
  serverField,
  succeeded,
  failed,
  inputProps,
  prefix,
  hint,
}: InlineEditFieldProps) {
  const write = useProfileWrite(save);
  const [draft, setDraft] = useState(initial);
  const [error, setError] = useState<string | null>(null);
  const inputRef = useRef<HTMLInputElement>(null);
  const editRef = useRef<HTMLButtonElement>(null);
  const wasEditing = useRef(editing);

  useEffect(() => {
    if (editing && !wasEditing.current) {
      setDraft(initial);
      setError(null);
      inputRef.current?.focus();
    }
    if (!editing && wasEditing.current) editRef.current?.focus();
    wasEditing.current = editing;
  }, [editing, initial]);

  function cancel() {
    write.reset();
    onEditingChange(false);
  }

  function submit(event: FormEvent) {
    event.preventDefault();
    if (write.isPending) return;
    const problem = validate(draft);
    setError(problem);
    if (problem) {
      inputRef.current?.focus();
      return;
    }
    write.mutate(draft.trim(), {
      onSuccess: () => {
        toast.success(succeeded);
        onEditingChange(false);
      },
      onError: (failure) => {
        const reason = isApiError(failure) ? (failure.fieldErrors[serverField]?.[0] ?? failure.message) : "";
        const toastText = typeof failed === "function" ? failed(reason || networkMessages.fallback) : failed;
        toast.error(toastText);
        setError(reason || toastText);
      },
    });
  }

  function onKeyDown(event: KeyboardEvent) {
    if (event.key === "Escape") {
      event.stopPropagation();
      cancel();
    }
  }

  if (!editing) {
    return (
      <div className="profile-field">
        <div className="profile-field__text">
          <p className="profile-field__label">{label}</p>
          <p className="profile-field__value">{display}</p>
        </div>
        <button
          ref={editRef}
          type="button"
          className="button button--small profile-field__edit"
          aria-label={`Edit ${label}`}
          onClick={() => onEditingChange(true)}
        >
          <Pencil aria-hidden="true" />
          Edit
        </button>
      </div>
    );
  }

  return (
    <form className="profile-field profile-field--editing" onSubmit={submit} onKeyDown={onKeyDown} noValidate>
      <FormField
        ref={inputRef}
        label={label}
        value={draft}
        onChange={(event) => setDraft(event.target.value)}
        error={error ?? undefined}
        prefix={prefix}
        hint={hint}
        className="profile-field__input"
        {...inputProps}
      />
      <div className="profile-field__actions">
        <button type="submit" className="button button--primary button--small" disabled={write.isPending}>
          {write.isPending ? <LoaderCircle className="spin" aria-hidden="true" /> : <Check aria-hidden="true" />}
          Save
        </button>
        <button type="button" className="button button--small" onClick={cancel}>
          <X aria-hidden="true" />
          Cancel
        </button>
      </div>
    </form>
  );
}
