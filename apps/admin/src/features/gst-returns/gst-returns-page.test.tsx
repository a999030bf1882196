import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import type { Gstr1Summary } from "@vaki/contract/admin/gst-returns";
import { afterEach, describe, expect, it, vi } from "vitest";
import { fakeApi, ok, renderAdmin, staffMember } from "../../test/helpers";

const section = (name: Gstr1Summary["sections"][number]["name"], rowCount: number, taxableValue: number) => ({
  name,
  rowCount,
  documents: rowCount,
  taxableValue,
  igst: 0,
  cgst: Math.round(taxableValue * 0.025),
  sgst: Math.round(taxableValue * 0.025),
  value: Math.round(taxableValue * 1.05),
});

function summaryOf(month: string): Gstr1Summary {
  return {
    month,
    invoices: 2,
    creditNotes: 0,
    taxableValue: 247_428,
    tax: 12_372,
    value: 259_800,
    sections: [
      section("b2cs", 1, 247_428),
      section("b2cl", 0, 0),
      section("exp", 0, 0),
      section("cdnur", 0, 0),
      section("hsn", 1, 247_428),
      section("docs", 1, 0),
    ],
    warnings: ["exp: fill the port code and shipping bill from the courier's export documents."],
  };
}

describe("GST returns", () => {
  afterEach(() => vi.useRealTimers());

  it("opens on last month (India time), shows each section and downloads the zip and one CSV", async () => {
    // 20:00 UTC on 30 November is 1 December in India: last month is November.
    vi.useFakeTimers({ now: new Date("2026-11-30T20:00:00.000Z"), toFake: ["Date"] });
    // Files answer as files, not the envelope: every call is answered here.
    const api = fakeApi(() => undefined);
    const files: string[] = [];
    api.fetchMock.mockImplementation(async (input: RequestInfo | URL) => {
      const url = new URL(String(input), "http://admin.test");
      const path = url.pathname.replace(/^\/api\/admin/, "");
      if (path === "/auth/me") return Response.json(ok({ staff: staffMember("accountant"), csrfToken: "c" }).body);
      if (path === "/gst/gstr1") return Response.json(ok(summaryOf(url.searchParams.get("month") ?? "")).body);
      files.push(`${path}?${url.searchParams}`);
      return new Response("csv", {
        headers: { "Content-Type": path.endsWith(".zip") ? "application/zip" : "text/csv" },
      });
    });
    URL.createObjectURL = vi.fn(() => "blob:file");
    URL.revokeObjectURL = vi.fn();

    renderAdmin("/gst-returns");
    expect(await screen.findByRole("heading", { name: "GSTR-1 for November 2026" })).toBeInTheDocument();
    expect(screen.getByLabelText("Month")).toHaveValue("2026-11");
    expect(await screen.findByText(/fill the port code/)).toBeInTheDocument();
    const table = within(screen.getByRole("table", { name: "GSTR-1 sections of November 2026" }));
    expect(table.getByText("B2C small (b2cs)")).toBeInTheDocument();
    expect(table.getAllByRole("button").map((button) => button.textContent)).toHaveLength(6);

    const user = userEvent.setup();
    await user.click(screen.getByRole("button", { name: "Download all sections (zip)" }));
    await waitFor(() => expect(files).toEqual(["/gst/gstr1.zip?month=2026-11"]));
    await user.click(table.getByRole("button", { name: "Download hsn.csv" }));
    await waitFor(() => expect(files).toEqual(["/gst/gstr1.zip?month=2026-11", "/gst/gstr1/hsn.csv?month=2026-11"]));
  });

  it("keeps a role without invoices:read out, without asking the server", async () => {
    const api = fakeApi((call) => {
      if (call.path === "/auth/me") return ok({ staff: staffMember("support"), csrfToken: "csrf-token-1234" });
      return undefined;
    });
    renderAdmin("/gst-returns?month=2026-10");
    expect(await screen.findByText("You do not have permission to open this page.")).toBeInTheDocument();
    expect(api.calls.some((call) => call.path.startsWith("/gst"))).toBe(false);
  });
});
