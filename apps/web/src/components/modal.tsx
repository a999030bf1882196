import * as Dialog from "@radix-ui/react-dialog";
import { X } from "lucide-react";
import { type ReactNode, useLayoutEffect, useRef } from "react";
import { portalContainer } from "../lib/portal-container";
import { IconButton } from "./icon-button";

interface ModalProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** The dialog's accessible name, shown as its heading. */
  title: ReactNode;
  /** Optional text under the title; becomes the dialog's accessible description. */
  description?: ReactNode;
  children: ReactNode;
  /** "dialog": centred on wide screens, a bottom sheet on phones. "drawer": slides in from the right. */
  variant?: "dialog" | "drawer";
  /** Wider dialogs (tables, size charts). */
  size?: "default" | "wide";
  className?: string;
  /** Label of the close button. */
  closeLabel?: string;
  /** Extra content pinned to the bottom (actions). */
  footer?: ReactNode;
  /**
   * Where focus goes on close when the element that opened the dialog is gone (e.g. a menu item
   * of a menu that closed); by default focus returns to whatever was focused when it opened.
   */
  returnFocusTo?: () => HTMLElement | null;
  /**
   * false for a dialog nobody asked for (the daily Club invitation): the page behind stays
   * usable and readable, and a click on it both closes the dialog and reaches its target.
   */
  modal?: boolean;
}

/**
 * The one dialog of the shop (Radix): focus is trapped, Escape and an outside click close it,
 * focus returns to whatever opened it. Bottom sheet on phones, centred dialog on wide screens.
 */
export function Modal({
  open,
  onOpenChange,
  title,
  description,
  children,
  variant = "dialog",
  size = "default",
  className,
  closeLabel = "Close",
  footer,
  returnFocusTo,
  modal = true,
}: ModalProps) {
  // Opened by state (no Radix Trigger), Radix has nowhere to return focus: remember the opener.
  const opener = useRef<HTMLElement | null>(null);
  const content = useRef<HTMLDivElement>(null);
  const closeButton = useRef<HTMLButtonElement>(null);
  useLayoutEffect(() => {
    if (open && document.activeElement instanceof HTMLElement) opener.current = document.activeElement;
  }, [open]);

  return (
    <Dialog.Root open={open} onOpenChange={onOpenChange} modal={modal}>
      <Dialog.Portal container={portalContainer()}>
        {modal ? (
          <Dialog.Overlay className={`modal-overlay modal-overlay--${variant}`} />
        ) : (
          <div className={`modal-overlay modal-overlay--${variant} modal-overlay--passive`} aria-hidden="true" />
        )}
        <Dialog.Content
          ref={content}
          className={["modal", `modal--${variant}`, size === "wide" ? "modal--wide" : "", className]
            .filter(Boolean)
            .join(" ")}
          {...(description ? {} : { "aria-describedby": undefined })}
          onOpenAutoFocus={(event) => {
            if (modal) return;
            // A dialog nobody asked for takes focus a frame later: focusing at once made the
            // browser lay out the whole page inside the task that drew it, a long task on a phone.
            // Unless the shopper has already clicked into it by then.
            event.preventDefault();
            requestAnimationFrame(() => {
              const dialog = content.current;
              if (dialog?.dataset.state === "open" && !dialog.contains(document.activeElement)) {
                closeButton.current?.focus();
              }
            });
          }}
          onCloseAutoFocus={(event) => {
            const target = opener.current?.isConnected ? opener.current : (returnFocusTo?.() ?? null);
            opener.current = null;
            if (target) {
              event.preventDefault();
              target.focus();
            }
          }}
        >
          <div className="modal__header">
            <Dialog.Title className="modal__title">{title}</Dialog.Title>
            <Dialog.Close asChild>
              <IconButton
                ref={closeButton}
                label={closeLabel}
                icon={<X aria-hidden="true" />}
                className="modal__close"
              />
            </Dialog.Close>
          </div>
          {description ? <Dialog.Description className="modal__description">{description}</Dialog.Description> : null}
          <div className="modal__body">{children}</div>
          {footer ? <div className="modal__footer">{footer}</div> : null}
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
