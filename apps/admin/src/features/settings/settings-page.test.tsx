import { screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import type { ShopSettings } from "@vaki/contract/invoices";
import { describe, expect, it } from "vitest";
import { fakeApi, ok, renderAdmin, staffMember } from "../../test/helpers";

const saved: ShopSettings = {
  legalName: "Vaki Apparel Private Limited",
  address: "12 Residency Road, Bengaluru 560025",
  state: "Karnataka",
  gstin: "",
  invoicePrefix: "VK",
  creditNotePrefix: "CN",
  exportUnderLut: true,
};

describe("Settings", () => {
  it("shows the saved GST details, refuses a malformed GSTIN and saves a good one", async () => {
    const api = fakeApi((call) => {
      if (call.path === "/auth/me") return ok({ staff: staffMember("owner"), csrfToken: "csrf-token-1234" });
      if (call.path === "/settings/shop" && call.method === "GET") return ok(saved);
      if (call.path === "/settings/shop" && call.method === "PUT") return ok(call.body);
      return undefined;
    });
    renderAdmin("/settings");
    const gstin = await screen.findByLabelText("GSTIN");
    expect(screen.getByLabelText("Legal name")).toHaveValue(saved.legalName);
    expect(screen.getByLabelText("State")).toHaveValue("Karnataka");

    const user = userEvent.setup();
    await user.type(gstin, "12345");
    await user.click(screen.getByRole("button", { name: "Save settings" }));
    expect(await screen.findByText(/A GSTIN is 15 characters/)).toBeInTheDocument();
    expect(api.calls.some((call) => call.method === "PUT")).toBe(false);

    await user.clear(gstin);
    await user.type(gstin, "29abcde1234f1z5");
    await user.click(screen.getByRole("button", { name: "Save settings" }));
    await waitFor(() =>
      expect(api.calls.find((call) => call.method === "PUT")?.body).toMatchObject({ gstin: "29ABCDE1234F1Z5" }),
    );
    expect(await screen.findByText("Settings saved.")).toBeInTheDocument();
  });
});
