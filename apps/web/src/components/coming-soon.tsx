import type { ReactNode } from "react";
import { type PanelAction, StatusPanel } from "./status-panel";

interface ComingSoonProps {
  title: string;
  children: ReactNode;
  /** A second way out, e.g. to a related page. */
  secondary?: PanelAction;
}

export function ComingSoon({ title, children, secondary }: ComingSoonProps) {
  const home: PanelAction = { to: "/", label: "Back home", primary: true };
  return (
    <StatusPanel eyebrow="Coming soon" title={title} actions={secondary ? [home, secondary] : [home]}>
      {children}
    </StatusPanel>
  );
}
