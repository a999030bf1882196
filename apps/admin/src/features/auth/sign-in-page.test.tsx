import { screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it } from "vitest";
import { failure, fakeApi, ok, renderAdmin, staffMember } from "../../test/helpers";

const owner = staffMember("owner");

describe("sign-in", () => {
  it("asks for the code after the password, then opens the page the person was going to", async () => {
    let signedIn = false;
    const api = fakeApi((call) => {
      if (call.path === "/auth/me")
        return signedIn
          ? ok({ staff: owner, csrfToken: "csrf-token-1234" })
          : failure(401, "unauthenticated", "Your session has ended. Sign in again.");
      if (call.path === "/auth/login") return ok({ challengeToken: "challenge-1" });
      if (call.path === "/auth/verify") {
        signedIn = true;
        return ok({ staff: owner, csrfToken: "csrf-token-1234", recoveryCodesLeft: 10 });
      }
      if (call.path === "/staff") return ok({ items: [], invitations: [] });
      return undefined;
    });
    const user = userEvent.setup();
    const { router } = renderAdmin("/staff");

    expect(await screen.findByRole("heading", { name: "Sign in" })).toBeInTheDocument();
    expect(router.state.location.search).toBe("?next=%2Fstaff");
    await user.type(screen.getByLabelText("E-mail"), "Owner@VAKI.test");
    await user.type(screen.getByLabelText("Password"), "correct horse battery");
    await user.click(screen.getByRole("button", { name: "Continue" }));

    await user.type(await screen.findByLabelText("6-digit code"), "123456");
    await user.click(screen.getByRole("button", { name: "Sign in" }));

    expect(await screen.findByRole("heading", { name: "Staff" })).toBeInTheDocument();
    expect(api.calls.find((call) => call.path === "/auth/login")?.body).toEqual({
      email: "owner@vaki.test",
      password: "correct horse battery",
    });
    expect(api.calls.find((call) => call.path === "/auth/verify")?.body).toEqual({
      challengeToken: "challenge-1",
      code: "123456",
    });
  });

  it("takes a recovery code instead of the app's code", async () => {
    const api = fakeApi((call) => {
      if (call.path === "/auth/me") return failure(401, "unauthenticated", "Your session has ended. Sign in again.");
      if (call.path === "/auth/login") return ok({ challengeToken: "challenge-2" });
      if (call.path === "/auth/verify") return failure(401, "unauthenticated", "That code is not right. Try again.");
      return undefined;
    });
    const user = userEvent.setup();
    renderAdmin("/sign-in");

    await user.type(await screen.findByLabelText("E-mail"), "owner@vaki.test");
    await user.type(screen.getByLabelText("Password"), "correct horse battery");
    await user.click(screen.getByRole("button", { name: "Continue" }));
    await user.click(await screen.findByRole("button", { name: "Use a recovery code" }));
    await user.type(screen.getByLabelText("Recovery code"), "ABCDE-12345");
    await user.click(screen.getByRole("button", { name: "Sign in" }));

    expect(await screen.findByRole("alert")).toHaveTextContent("That code is not right. Try again.");
    expect(api.calls.find((call) => call.path === "/auth/verify")?.body).toEqual({
      challengeToken: "challenge-2",
      code: "abcde-12345",
    });
  });

  it("refuses a code of the wrong shape without asking the server", async () => {
    const api = fakeApi((call) => {
      if (call.path === "/auth/me") return failure(401, "unauthenticated", "Your session has ended. Sign in again.");
      if (call.path === "/auth/login") return ok({ challengeToken: "challenge-3" });
      return undefined;
    });
    const user = userEvent.setup();
    renderAdmin("/sign-in");
    await user.type(await screen.findByLabelText("E-mail"), "owner@vaki.test");
    await user.type(screen.getByLabelText("Password"), "whatever it is");
    await user.click(screen.getByRole("button", { name: "Continue" }));
    await user.type(await screen.findByLabelText("6-digit code"), "12ab");
    await user.click(screen.getByRole("button", { name: "Sign in" }));

    expect(
      await screen.findByText(/Enter the 6-digit code from your authenticator app, or a recovery code/),
    ).toBeInTheDocument();
    expect(api.calls.some((call) => call.path === "/auth/verify")).toBe(false);
  });

  it("shows the server's throttling message", async () => {
    fakeApi((call) => {
      if (call.path === "/auth/me") return failure(401, "unauthenticated", "Your session has ended. Sign in again.");
      if (call.path === "/auth/login")
        return failure(429, "TooManyRequests", "Too many attempts. Try again in 15 minutes.");
      return undefined;
    });
    const user = userEvent.setup();
    renderAdmin("/sign-in");
    await user.type(await screen.findByLabelText("E-mail"), "owner@vaki.test");
    await user.type(screen.getByLabelText("Password"), "wrong password");
    await user.click(screen.getByRole("button", { name: "Continue" }));
    await waitFor(() =>
      expect(screen.getByRole("alert")).toHaveTextContent("Too many attempts. Try again in 15 minutes."),
    );
    expect(screen.queryByLabelText("6-digit code")).not.toBeInTheDocument();
  });
});
