import type { Permission } from "@vaki/contract/admin/permissions";
import type { ReactNode } from "react";
import { useMatches } from "react-router";
import { NoPermission } from "../../components/states";
import { useMe } from "./api";

/** What a page's route declares: the permission a person needs to open it. */
export interface PageHandle {
  permission: Permission;
}

function isPageHandle(handle: unknown): handle is PageHandle {
  return typeof handle === "object" && handle !== null && "permission" in handle;
}

/**
 * Shows the matched page only to a person whose role holds its permission; others see why not.
 * The server checks the same permission on every call the page makes.
 */
export function RequirePagePermission({ children }: { children: ReactNode }) {
  const me = useMe();
  const matches = useMatches();
  const needed = matches.map((match) => match.handle).filter(isPageHandle);
  return needed.every((handle) => me.permissions.includes(handle.permission)) ? children : <NoPermission />;
}

/** Whether the signed-in person holds a permission (to hide an action their role lacks). */
export function useCan(permission: Permission): boolean {
  return useMe().permissions.includes(permission);
}
