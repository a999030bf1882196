import { screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it } from "vitest";
import { failure, fakeApi, ok, renderAdmin, staffMember } from "../../test/helpers";

const invitation = { kind: "invitation", email: "arjun@vaki.test", name: "Arjun Rao", role: "operations" };

describe("setup from a link", () => {
  it("refuses a weak password with the meter's words, without asking the server", async () => {
    const api = fakeApi((call) => (call.path === "/setup/inspect" ? ok(invitation) : undefined));
    const user = userEvent.setup();
    renderAdmin("/setup?token=tok-1");

    expect(await screen.findByText("You have been invited as Operations (arjun@vaki.test).")).toBeInTheDocument();
    expect(screen.queryByLabelText("E-mail")).not.toBeInTheDocument();
    await user.type(screen.getByLabelText("Password"), "password1234");
    expect(screen.getByText(/^Strength: (Very weak|Weak)/)).toBeInTheDocument();
    await user.click(screen.getByRole("button", { name: "Continue" }));

    expect(await screen.findByText("Choose a stronger password.")).toBeInTheDocument();
    expect(api.calls.some((call) => call.path === "/setup/start")).toBe(false);
  });

  it("goes from the password to the QR code and the secret, then shows the recovery codes once", async () => {
    const codes = Array.from({ length: 10 }, (_, index) => `abcd${index}-efgh${index}`);
    const api = fakeApi((call) => {
      if (call.path === "/setup/inspect")
        return ok({ ...invitation, kind: "setup", email: null, name: null, role: "owner" });
      if (call.path === "/setup/start")
        return ok({ secret: "JBSWY3DPEHPK3PXP", otpauthUri: "otpauth://totp/x", qrSvg: "<svg/>" });
      if (call.path === "/setup/confirm")
        return ok({ recoveryCodes: codes, staff: staffMember("owner"), csrfToken: "csrf-token-1234" });
      return undefined;
    });
    const user = userEvent.setup();
    renderAdmin("/setup?token=tok-2");

    await user.type(await screen.findByLabelText("Your name"), "Meera Kapoor");
    await user.type(screen.getByLabelText("E-mail"), "meera@vaki.test");
    await user.type(screen.getByLabelText("Password"), "lantern-otter-quarry-velvet-92");
    await user.click(screen.getByRole("button", { name: "Continue" }));

    expect(await screen.findByText("JBSWY3DPEHPK3PXP")).toBeInTheDocument();
    expect(screen.getByRole("img", { name: /QR code/ })).toBeInTheDocument();
    expect(api.calls.find((call) => call.path === "/setup/start")?.body).toEqual({
      token: "tok-2",
      name: "Meera Kapoor",
      email: "meera@vaki.test",
      password: "lantern-otter-quarry-velvet-92",
    });
    await user.type(screen.getByLabelText("6-digit code from the app"), "123 456");
    await user.click(screen.getByRole("button", { name: "Confirm code" }));

    const list = await screen.findByRole("list", { name: "Recovery codes" });
    expect(list.querySelectorAll("li")).toHaveLength(10);
    expect(api.calls.find((call) => call.path === "/setup/confirm")?.body).toEqual({ token: "tok-2", code: "123456" });
    const proceed = screen.getByRole("button", { name: "Continue to the admin" });
    expect(proceed).toBeDisabled();
    await user.click(screen.getByLabelText("I have saved these codes"));
    expect(proceed).toBeEnabled();
  });

  it("says clearly when the link was used", async () => {
    fakeApi((call) =>
      call.path === "/setup/inspect" ? failure(410, "Gone", "This link has already been used.") : undefined,
    );
    renderAdmin("/setup?token=tok-3");
    expect(await screen.findByRole("alert")).toHaveTextContent("This link has already been used.");
  });
});
