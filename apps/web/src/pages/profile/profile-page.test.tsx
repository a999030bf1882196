import { screen, waitFor, within } from "@testing-library/react";
import { defaultPreferences } from "@vaki/contract/accounts";
import { beforeEach, describe, expect, it } from "vitest";
import {
  type Call,
  fail,
  ok,
  profileOf,
  renderWithShell,
  resetAccountState,
  sessionTokens,
  stubApi,
  toastMessages,
  USER,
} from "../../features/accounts/testing/auth-fixtures";
import { useSessionStore } from "../../lib/session-store";
import { ProfilePage } from "./profile-page";

beforeEach(() => {
  resetAccountState();
  useSessionStore.getState().setSession(sessionTokens());
});

const emptyHistory = { content: [], page: { number: 0, size: 20, totalElements: 0, totalPages: 0 }, hasNext: false };

function profileApi(extra: (call: Call) => Response | undefined = () => undefined) {
  return stubApi((call) => {
    const answer = extra(call);
    if (answer) return answer;
    if (call.path === `/api/user/profile/${USER.id}`) return ok(profileOf(), "Success");
    if (call.path === "/api/user/preferences" && call.method === "GET") return ok(defaultPreferences);
    if (call.path === "/api/orders/orderHistory") return ok(emptyHistory);
    if (call.path === "/api/account/addresses") return ok({ addresses: [], max: 10 });
    return undefined;
  });
}

async function renderProfile(path = "/profile") {
  const shell = renderWithShell(<ProfilePage />, path);
  await screen.findByRole("heading", { level: 1, name: USER.name });
  return shell;
}

describe("profile page", () => {
  it("shows the header with initials, e-mail, badge and actions, and the tabs", async () => {
    profileApi();
    await renderProfile();
    expect(document.title).toMatch(/\| Profile$/);
    expect(screen.getByText("RS")).toBeInTheDocument();
    expect(screen.getByText("Active Member")).toBeInTheDocument();
    expect(screen.getAllByText(USER.email).length).toBeGreaterThan(0);
    expect(screen.getByRole("button", { name: "Edit Profile" })).toBeInTheDocument();
    expect(screen.getByRole("button", { name: "Logout" })).toBeInTheDocument();
    const tabs = within(screen.getByRole("tablist")).getAllByRole("tab");
    expect(tabs.map((tab) => tab.textContent)).toEqual([
      "Personal Information",
      "Addresses",
      "My Orders",
      "Recent Orders",
      "Security",
    ]);
    expect(screen.getByRole("tab", { name: "Personal Information" })).toHaveAttribute("aria-selected", "true");
    expect(screen.getByRole("tabpanel")).toHaveAccessibleName("Personal Information");
    expect(screen.getByLabelText("Email")).toHaveAttribute("readonly");
    expect(screen.getByText("Email cannot be changed")).toBeInTheDocument();
  });

  it("moves between tabs with the arrow keys; My Orders goes to /orders", async () => {
    profileApi();
    const { user } = await renderProfile();
    screen.getByRole("tab", { name: "Personal Information" }).focus();
    await user.keyboard("{ArrowRight}");
    expect(screen.getByRole("tab", { name: "Addresses" })).toHaveAttribute("aria-selected", "true");
    await user.keyboard("{ArrowRight}");
    expect(screen.getByRole("tab", { name: "My Orders" })).toHaveFocus();
    expect(screen.getByTestId("location")).toHaveTextContent(/^\/profile\?tab=addresses$/);
    await user.keyboard("{ArrowRight}");
    expect(screen.getByRole("tab", { name: "Recent Orders" })).toHaveAttribute("aria-selected", "true");
    expect(await screen.findByText("No orders yet")).toBeInTheDocument();
    expect(screen.getByText("Start shopping to see your orders here")).toBeInTheDocument();
    expect(screen.getByRole("link", { name: "Start Shopping" })).toHaveAttribute("href", "/products");
    expect(screen.getByRole("button", { name: "View All Orders" })).toBeInTheDocument();
    await user.keyboard("{End}");
    expect(screen.getByRole("tab", { name: "Security" })).toHaveAttribute("aria-selected", "true");
    await user.click(screen.getByRole("tab", { name: "My Orders" }));
    expect(screen.getByTestId("location")).toHaveTextContent(/^\/orders$/);
  });

  it("refuses a blank name before calling the server, then saves a new one", async () => {
    const calls = profileApi((call) =>
      call.path === "/api/user/profile/edit/name"
        ? ok(profileOf({ name: (call.body as { name: string }).name }), "Name updated successfully!")
        : undefined,
    );
    const { user } = await renderProfile();
    await user.click(screen.getByRole("button", { name: "Edit Full Name" }));
    const input = screen.getByLabelText("Full Name");
    expect(input).toHaveFocus();
    await user.clear(input);
    await user.type(input, "   ");
    await user.click(screen.getByRole("button", { name: "Save" }));
    expect(await screen.findByText("Please enter a valid name!")).toBeInTheDocument();
    expect(calls.some((call) => call.path.endsWith("/edit/name"))).toBe(false);

    await user.clear(input);
    await user.type(input, "Riya S. Kapoor");
    await user.click(screen.getByRole("button", { name: "Save" }));
    await waitFor(() => expect(toastMessages()).toContain("Name updated successfully!"));
    expect(calls.find((call) => call.path.endsWith("/edit/name"))?.body).toEqual({ name: "Riya S. Kapoor" });
    expect(screen.getByRole("button", { name: "Edit Full Name" })).toHaveFocus();
    expect(useSessionStore.getState().session?.user.name).toBe("Riya S. Kapoor");
  });

  it("shows 'Name update failed' and the server's reason when the server refuses", async () => {
    profileApi((call) =>
      call.path === "/api/user/profile/edit/name"
        ? fail(400, "Please enter a valid name!", { fieldErrors: { name: ["Please enter a valid name!"] } })
        : undefined,
    );
    const { user } = await renderProfile();
    await user.click(screen.getByRole("button", { name: "Edit Profile" }));
    const input = screen.getByLabelText("Full Name");
    await user.clear(input);
    await user.type(input, "R2-D2");
    await user.click(screen.getByRole("button", { name: "Save" }));
    await waitFor(() => expect(toastMessages()).toContain("Name update failed"));
    expect(screen.getByText("Please enter a valid name!")).toBeInTheDocument();
  });

  it("refuses a blank mobile number and sends a new one with the +91 country code", async () => {
    const calls = profileApi((call) =>
      call.path === "/api/user/profile/edit/mobile" ? ok(profileOf({ mobile: "+919123456780" })) : undefined,
    );
    const { user } = await renderProfile();
    await user.click(screen.getByRole("button", { name: "Edit Mobile Number" }));
    const input = screen.getByLabelText("Mobile Number");
    expect(input).toHaveValue("9876543210");
    expect(screen.getByLabelText("Country code")).toHaveValue("+91");
    await user.clear(input);
    await user.click(screen.getByRole("button", { name: "Save" }));
    expect(await screen.findByText("Please enter a valid mobile number!")).toBeInTheDocument();
    expect(calls.some((call) => call.path.endsWith("/edit/mobile"))).toBe(false);

    await user.type(input, "9123456780");
    await user.click(screen.getByRole("button", { name: "Save" }));
    await waitFor(() => expect(toastMessages()).toContain("Mobile number updated successfully!"));
    expect(calls.find((call) => call.path.endsWith("/edit/mobile"))?.body).toMatchObject({
      mobile: "9123456780",
      countryCode: "+91",
    });
    expect(await screen.findByText("+91 91234 56780")).toBeInTheDocument();
  });

  it("checks the password fields before changing the password", async () => {
    const calls = profileApi((call) =>
      call.path === "/api/user/profile/edit/password"
        ? fail(400, "Your current password is incorrect", {
            fieldErrors: { currentPassword: ["Your current password is incorrect"] },
          })
        : undefined,
    );
    const { user } = await renderProfile("/profile?tab=security");
    await user.click(screen.getByRole("button", { name: "Change Password" }));
    expect(await screen.findByText("Please fill in all password fields!")).toBeInTheDocument();
    await user.type(screen.getByLabelText("Current Password"), "Old-Pass#1");
    await user.type(screen.getByLabelText("New Password"), "New-Pass#22");
    await user.type(screen.getByLabelText("Confirm New Password"), "New-Pass#23");
    await user.click(screen.getByRole("button", { name: "Change Password" }));
    expect(await screen.findByText("Passwords do not match!")).toBeInTheDocument();
    expect(calls.some((call) => call.path.endsWith("/edit/password"))).toBe(false);

    await user.clear(screen.getByLabelText("Confirm New Password"));
    await user.type(screen.getByLabelText("Confirm New Password"), "New-Pass#22");
    await user.click(screen.getByRole("button", { name: "Change Password" }));
    await waitFor(() => expect(toastMessages()).toContain("Password change failed"));
    expect(screen.getByText("Your current password is incorrect")).toBeInTheDocument();
    expect(screen.getByLabelText("Current Password")).toHaveAttribute("aria-invalid", "true");
  });

  it("saves preferences to the server", async () => {
    const calls = profileApi((call) =>
      call.path === "/api/user/preferences" && call.method === "PUT"
        ? ok({ ...defaultPreferences, ...(call.body as object) })
        : undefined,
    );
    const { user } = await renderProfile();
    const sms = await screen.findByRole("checkbox", { name: "SMS notifications" });
    expect(sms).not.toBeChecked();
    await user.click(sms);
    // Only what works is offered: no language or currency to choose.
    expect(screen.queryByLabelText("Currency")).not.toBeInTheDocument();
    expect(screen.queryByLabelText("Language")).not.toBeInTheDocument();
    await user.click(screen.getByRole("button", { name: "Update Preferences" }));
    await waitFor(() => expect(toastMessages()).toContain("Preferences saved successfully!"));
    expect(calls.find((call) => call.method === "PUT")?.body).toEqual({
      ...defaultPreferences,
      smsNotifications: true,
    });
  });

  it("says 'Failed to load profile' and retries", async () => {
    let failing = true;
    profileApi((call) =>
      call.path === `/api/user/profile/${USER.id}` && failing ? fail(500, "Something went wrong") : undefined,
    );
    const { user } = renderWithShell(<ProfilePage />, "/profile");
    expect(await screen.findByText("Failed to load profile")).toBeInTheDocument();
    failing = false;
    await user.click(screen.getByRole("button", { name: "Retry" }));
    expect(await screen.findByRole("heading", { level: 1, name: USER.name })).toBeInTheDocument();
  });

  it("says 'User not logged in' without a session", () => {
    useSessionStore.getState().clearSession();
    stubApi(() => undefined);
    renderWithShell(<ProfilePage />, "/profile");
    expect(screen.getByText("User not logged in")).toBeInTheDocument();
  });
});
