import { screen, within } from "@testing-library/react";
import type { SavedAddress } from "@vaki/contract/addresses";
import { describe, expect, it, vi } from "vitest";
import { renderWithShell, stubApi } from "../../accounts/testing/auth-fixtures";
import { DeliverToDialog } from "./deliver-to-dialog";

const at = "2026-11-22T10:00:00.000Z";
const base = { line2: "", state: "Karnataka", country: "India", createdAt: at, updatedAt: at, phone: "9876543210" };
const office: SavedAddress = {
  ...base,
  id: "a",
  fullName: "Riya at Work",
  line1: "5 Residency Road",
  city: "Bengaluru",
  pincode: "560025",
  isDefault: false,
};
const home: SavedAddress = {
  ...base,
  id: "b",
  fullName: "Riya Sharma",
  line1: "12 MG Road",
  city: "Bengaluru",
  pincode: "560001",
  isDefault: true,
};

describe("Deliver to", () => {
  it("preselects the default, lets the shopper pick another or a new address, and continues with it", async () => {
    stubApi(() => undefined);
    const onContinue = vi.fn();
    const { user } = renderWithShell(
      <DeliverToDialog open onOpenChange={() => {}} addresses={[home, office]} onContinue={onContinue} busy={false} />,
    );
    const dialog = await screen.findByRole("dialog", { name: "Deliver to" });
    const radios = within(dialog).getAllByRole("radio");
    expect(radios).toHaveLength(3);
    expect(within(dialog).getByRole("radio", { name: /Riya Sharma/ })).toBeChecked();
    expect(within(dialog).getByRole("group", { name: "Deliver to" })).toBeInTheDocument();

    await user.click(within(dialog).getByRole("button", { name: "Continue to payment" }));
    expect(onContinue).toHaveBeenLastCalledWith("b");

    await user.click(within(dialog).getByRole("radio", { name: /Riya at Work/ }));
    await user.click(within(dialog).getByRole("button", { name: "Continue to payment" }));
    expect(onContinue).toHaveBeenLastCalledWith("a");

    await user.click(within(dialog).getByRole("radio", { name: /Use a new address/ }));
    await user.click(within(dialog).getByRole("button", { name: "Continue to payment" }));
    expect(onContinue).toHaveBeenLastCalledWith(null);
    expect(within(dialog).getByRole("link", { name: "Manage saved addresses" })).toHaveAttribute(
      "href",
      "/profile?tab=addresses",
    );
  });
});
