import { Eye, EyeOff } from "lucide-react";
import { type ComponentPropsWithRef, type ReactNode, useId, useState } from "react";
import "./form-field.css";

interface FormFieldProps extends Omit<ComponentPropsWithRef<"input">, "id" | "prefix"> {
  /** The visible label: the input's accessible name. */
  label: string;
  /** The field's error, shown under it and announced. */
  error?: string | undefined;
  /** Help under the field (read after the label). */
  hint?: ReactNode;
  /** Something shown before the input inside its box (a country code). */
  prefix?: ReactNode;
  /** Something shown after the input inside its box (the show/hide button). */
  suffix?: ReactNode;
  className?: string;
}

/** A labelled text input with its hint and error wired to aria-describedby and aria-invalid. */
export function FormField({ label, error, hint, prefix, suffix, className, ...input }: FormFieldProps) {
  const id = useId();
  const hintId = `${id}-hint`;
  const errorId = `${id}-error`;
  const describedBy = [hint ? hintId : null, error ? errorId : null].filter(Boolean).join(" ") || undefined;
  return (
    <div className={["form-field", className].filter(Boolean).join(" ")}>
      <label className="form-field__label" htmlFor={id}>
        {label}
      </label>
      <div className="form-field__box" data-invalid={error ? "true" : undefined}>
        {prefix}
        <input
          id={id}
          className="form-field__input"
          aria-invalid={error ? true : undefined}
          aria-describedby={describedBy}
          {...input}
        />
        {suffix}
      </div>
      {hint ? (
        <p id={hintId} className="form-field__hint">
          {hint}
        </p>
      ) : null}
      {error ? (
        <p id={errorId} className="form-field__error" role="alert">
          {error}
        </p>
      ) : null}
    </div>
  );
}

type PasswordFieldProps = Omit<FormFieldProps, "type" | "suffix">;

/**
 * A password input with a show/hide button. The button is named by its (hidden) text, not by
 * aria-label, so "Password" labels only the input.
 */
export function PasswordField(props: PasswordFieldProps) {
  const [visible, setVisible] = useState(false);
  return (
    <FormField
      {...props}
      type={visible ? "text" : "password"}
      suffix={
        <button type="button" className="form-field__toggle" onClick={() => setVisible((shown) => !shown)}>
          {visible ? <EyeOff aria-hidden="true" /> : <Eye aria-hidden="true" />}
          <span className="visually-hidden">{visible ? "Hide password" : "Show password"}</span>
        </button>
      }
    />
  );
}

/** A form-level message (failure or success) announced when it appears. */
export function FormMessage({ tone, children }: { tone: "error" | "success"; children: ReactNode }) {
  return (
    <div className={`form-message form-message--${tone}`} role={tone === "error" ? "alert" : "status"}>
      {children}
    </div>
  );
}
