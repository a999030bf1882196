import { screen, waitFor, within } from "@testing-library/react";
import { addressMessages, type SavedAddress } from "@vaki/contract/addresses";
import { beforeEach, describe, expect, it } from "vitest";
import { useSessionStore } from "../../../lib/session-store";
import {
  type Call,
  fail,
  ok,
  renderWithShell,
  resetAccountState,
  sessionTokens,
  stubApi,
} from "../../accounts/testing/auth-fixtures";
import { AddressBook } from "./address-book";

beforeEach(() => {
  resetAccountState();
  useSessionStore.getState().setSession(sessionTokens());
});

const at = "2026-11-22T10:00:00.000Z";
const home: SavedAddress = {
  id: "0b8f3c1e-4a44-4f55-9d6f-1d2f3a4b5c6d",
  fullName: "Riya Sharma",
  phone: "9876543210",
  line1: "12 MG Road",
  line2: "",
  city: "Bengaluru",
  state: "Karnataka",
  pincode: "560001",
  country: "India",
  isDefault: true,
  createdAt: at,
  updatedAt: at,
};
const office: SavedAddress = {
  ...home,
  id: "1c9a4d2f-5b55-4a66-8e7a-2e3f4b5c6d7e",
  fullName: "Riya at Work",
  line1: "5 Residency Road",
  isDefault: false,
};

/** An address book held in memory behind the stubbed API. */
function bookApi(initial: SavedAddress[], answer?: (call: Call) => Response | undefined) {
  let addresses = initial;
  const book = () => ok({ addresses, max: 10 });
  return stubApi((call) => {
    const special = answer?.(call);
    if (special) return special;
    if (call.path === "/api/account/addresses" && call.method === "GET") return book();
    if (call.path === "/api/account/addresses" && call.method === "POST") {
      const created = { ...home, ...(call.body as object), id: "2d0b5e3a-6c66-4b77-9f8b-3f4a5b6c7d8e" };
      addresses = [...addresses.map((a) => ({ ...a, isDefault: addresses.length === 0 })), created];
      if (addresses.length === 1) addresses = [{ ...created, isDefault: true }];
      return book();
    }
    const id = call.path.split("/")[4];
    if (call.method === "DELETE") {
      addresses = addresses.filter((a) => a.id !== id);
      return book();
    }
    if (call.path.endsWith("/default")) {
      addresses = addresses.map((a) => ({ ...a, isDefault: a.id === id }));
      return book();
    }
    if (call.method === "PATCH") {
      addresses = addresses.map((a) => (a.id === id ? { ...a, ...(call.body as object) } : a));
      return book();
    }
    return undefined;
  });
}

describe("the address book", () => {
  it("says so when there are no addresses, and adds the first through the form", async () => {
    const calls = bookApi([]);
    const { user } = renderWithShell(<AddressBook />);
    expect(await screen.findByText(addressMessages.empty)).toBeInTheDocument();
    await user.click(screen.getByRole("button", { name: "Add address" }));
    const dialog = await screen.findByRole("dialog", { name: "Add address" });
    expect(within(dialog).getByLabelText("Full name")).toHaveFocus();
    // The first address is the default whatever: no box to tick.
    expect(within(dialog).queryByLabelText("Make this my default address")).toBeNull();

    // The shape is checked before calling the server, each error beside its field.
    await user.click(within(dialog).getByRole("button", { name: "Save address" }));
    expect(await within(dialog).findByText("Enter the full name")).toBeInTheDocument();
    expect(within(dialog).getByLabelText("Flat, house no., building, street")).toHaveAccessibleDescription(
      "Enter the flat/house number and street",
    );
    expect(calls.filter((c) => c.method === "POST")).toHaveLength(0);

    await user.type(within(dialog).getByLabelText("Full name"), "Riya Sharma");
    await user.type(within(dialog).getByLabelText("Mobile number"), "9876543210");
    await user.type(within(dialog).getByLabelText("Flat, house no., building, street"), "12 MG Road");
    expect(within(dialog).getByLabelText("Country")).toHaveValue("India");
    await user.type(within(dialog).getByLabelText("Pincode"), "560001");
    await user.type(within(dialog).getByLabelText("City"), "Bengaluru");
    await user.type(within(dialog).getByLabelText("State"), "Karnataka");
    await user.click(within(dialog).getByRole("button", { name: "Save address" }));

    await waitFor(() => expect(screen.queryByRole("dialog")).toBeNull());
    const posted = calls.find((c) => c.method === "POST");
    expect(posted?.body).toMatchObject({ fullName: "Riya Sharma", pincode: "560001", country: "India" });
    const card = (await screen.findByText("Riya Sharma")).closest("li")!;
    expect(within(card).getByText("Default")).toBeInTheDocument();
  });

  it("shows the server's field errors beside their fields", async () => {
    bookApi([], (call) =>
      call.method === "POST"
        ? fail(400, "Check the highlighted fields", { fieldErrors: { pincode: ["Enter a 6-digit pincode"] } })
        : undefined,
    );
    const { user } = renderWithShell(<AddressBook />);
    await user.click(await screen.findByRole("button", { name: "Add address" }));
    const dialog = await screen.findByRole("dialog", { name: "Add address" });
    await user.type(within(dialog).getByLabelText("Full name"), "Riya Sharma");
    await user.type(within(dialog).getByLabelText("Mobile number"), "9876543210");
    await user.type(within(dialog).getByLabelText("Flat, house no., building, street"), "12 MG Road");
    await user.type(within(dialog).getByLabelText("Pincode"), "012345");
    await user.type(within(dialog).getByLabelText("City"), "Bengaluru");
    await user.click(within(dialog).getByRole("button", { name: "Save address" }));
    const pincode = within(dialog).getByLabelText("Pincode");
    await waitFor(() => expect(pincode).toHaveAccessibleDescription("Enter a 6-digit pincode"));
    expect(pincode).toHaveAttribute("aria-invalid", "true");
    // Abroad the field is the postal code.
    await user.selectOptions(within(dialog).getByLabelText("Country"), "United Kingdom");
    expect(within(dialog).getByLabelText("Postal code")).toBeInTheDocument();
  });

  it("marks the default, sets another as default, edits and deletes after confirming", async () => {
    const calls = bookApi([home, office]);
    const { user } = renderWithShell(<AddressBook />);
    const items = await screen.findAllByRole("listitem");
    expect(within(items[0]!).getByText("Default")).toBeInTheDocument();
    expect(within(items[0]!).queryByRole("button", { name: /Set as default/ })).toBeNull();

    await user.click(screen.getByRole("button", { name: "Set as default Riya at Work, 5 Residency Road, Bengaluru" }));
    await waitFor(() => expect(calls.some((c) => c.path.endsWith(`${office.id}/default`))).toBe(true));
    await waitFor(() =>
      expect(within(screen.getByText("Riya at Work").closest("li")!).getByText("Default")).toBeInTheDocument(),
    );

    await user.click(screen.getByRole("button", { name: "Edit Riya Sharma, 12 MG Road, Bengaluru" }));
    const dialog = await screen.findByRole("dialog", { name: "Edit address" });
    const city = within(dialog).getByLabelText("City");
    expect(city).toHaveValue("Bengaluru");
    await user.clear(city);
    await user.type(city, "Mysuru");
    await user.click(within(dialog).getByRole("button", { name: "Save address" }));
    await waitFor(() => expect(screen.queryByRole("dialog")).toBeNull());
    expect(calls.find((c) => c.method === "PATCH")?.body).toMatchObject({ city: "Mysuru" });

    await user.click(screen.getByRole("button", { name: "Delete Riya Sharma, 12 MG Road, Mysuru" }));
    const confirm = await screen.findByRole("dialog", { name: "Delete address?" });
    await user.click(within(confirm).getByRole("button", { name: "Keep it" }));
    expect(calls.some((c) => c.method === "DELETE")).toBe(false);
    await user.click(screen.getByRole("button", { name: "Delete Riya Sharma, 12 MG Road, Mysuru" }));
    await user.click(
      within(await screen.findByRole("dialog", { name: "Delete address?" })).getByRole("button", {
        name: "Delete address",
      }),
    );
    await waitFor(() => expect(screen.queryByText("Riya Sharma")).toBeNull());
    expect(calls.some((c) => c.method === "DELETE" && c.path.endsWith(home.id))).toBe(true);
  });
});
