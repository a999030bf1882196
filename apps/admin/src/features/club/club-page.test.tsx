import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { type ClubMember, customerMessages } from "@vaki/contract/admin/customers";
import type { StaffRole } from "@vaki/contract/admin/permissions";
import { describe, expect, it, vi } from "vitest";
import { fakeApi, ok, renderAdmin, staffMember } from "../../test/helpers";

const members: ClubMember[] = [
  {
    id: 2,
    name: "Asha Rao",
    email: "asha@example.com",
    phone: "+919822222222",
    joinedAt: "2026-11-02T10:00:00.000Z",
    customerId: "c2",
  },
  {
    id: 1,
    name: "Dev Mehta",
    email: "dev@example.com",
    phone: "+919811111111",
    joinedAt: "2026-11-01T10:00:00.000Z",
    customerId: null,
  },
];

function clubApi(role: StaffRole) {
  const files: string[] = [];
  const api = fakeApi(() => undefined);
  api.fetchMock.mockImplementation(async (input: RequestInfo | URL) => {
    const url = new URL(String(input), "http://admin.test");
    const path = url.pathname.replace(/^\/api\/admin/, "");
    api.calls.push({ method: "GET", path, query: url.searchParams, body: undefined, headers: {} });
    if (path === "/auth/me") return Response.json(ok({ staff: staffMember(role), csrfToken: "c" }).body);
    if (path === "/club") {
      const q = url.searchParams.get("q") ?? "";
      const items = members.filter((member) => member.name.toLowerCase().includes(q.toLowerCase()));
      return Response.json(ok({ items, nextCursor: null }).body);
    }
    if (path === "/club.csv") {
      files.push(`${path}?${url.searchParams}`);
      return new Response("Name,E-mail\r\n", {
        headers: { "Content-Type": "text/csv", "Content-Disposition": 'attachment; filename="club.csv"' },
      });
    }
    return Response.json({ success: false, message: "Not found" }, { status: 404 });
  });
  return { ...api, files };
}

describe("the Club page", () => {
  it("lists members newest first, searches, and downloads the CSV of the search", async () => {
    const api = clubApi("owner");
    URL.createObjectURL = vi.fn(() => "blob:file");
    URL.revokeObjectURL = vi.fn();
    const user = userEvent.setup();
    renderAdmin("/club");
    expect(await screen.findByRole("heading", { name: "Club" })).toBeInTheDocument();
    const table = await screen.findByRole("table", { name: "Club members" });
    await within(table).findByText("Asha Rao");
    const rows = within(table).getAllByRole("row").slice(1);
    expect(rows.map((row) => within(row).getAllByRole("cell")[0]?.textContent)).toEqual(["Asha Rao", "Dev Mehta"]);
    expect(within(table).getByRole("link", { name: "Customer account of Asha Rao" })).toHaveAttribute(
      "href",
      "/customers/c2",
    );
    expect(screen.getByRole("link", { name: "Club" })).toBeInTheDocument();

    await user.type(screen.getByLabelText("Search members"), "dev");
    await user.keyboard("{Enter}");
    await waitFor(() => expect(within(table).queryByText("Asha Rao")).not.toBeInTheDocument());
    await user.click(screen.getByRole("button", { name: "Download CSV" }));
    expect(await screen.findByRole("status")).toHaveTextContent(customerMessages.clubExported);
    expect(api.files).toEqual(["/club.csv?q=dev"]);
  });

  it("hides Download CSV from a role without customers:export", async () => {
    clubApi("support");
    renderAdmin("/club");
    const table = await screen.findByRole("table", { name: "Club members" });
    await within(table).findByText("Dev Mehta");
    expect(screen.queryByRole("button", { name: "Download CSV" })).not.toBeInTheDocument();
  });
});
