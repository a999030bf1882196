import type { ComponentProps, ReactNode } from "react";

interface IconButtonProps extends Omit<ComponentProps<"button">, "aria-label" | "children"> {
  /** Required: the button shows only an icon, so this is its accessible name. */
  label: string;
  icon: ReactNode;
  /** Small overlay such as a count badge; hidden from assistive tech (describe it with aria-describedby). */
  badge?: ReactNode;
}

export function IconButton({ label, icon, badge, className, type = "button", ...props }: IconButtonProps) {
  return (
    <button type={type} aria-label={label} className={["icon-button", className].filter(Boolean).join(" ")} {...props}>
      {icon}
      {badge}
    </button>
  );
}
