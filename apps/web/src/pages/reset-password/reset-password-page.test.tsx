import { screen, waitFor } from "@testing-library/react";
import { beforeEach, describe, expect, it } from "vitest";
import { useLoginModalStore } from "../../features/accounts/login-modal-store";
import { fail, ok, renderWithShell, resetAccountState, stubApi } from "../../features/accounts/testing/auth-fixtures";
import { useUiStore } from "../../lib/ui-store";
import { ResetPasswordPage } from "./reset-password-page";

beforeEach(() => {
  resetAccountState();
});

const TOKEN = "reset_Token-123";

function verifiedToken(change?: (body: unknown) => Response) {
  return stubApi((call) => {
    if (call.path === "/api/user/forgot-password/verify-token") return ok({ valid: true, expiresAt: "" });
    if (call.path === "/api/user/forgot-password/change") return change?.(call.body) ?? ok({ reset: true });
    return undefined;
  });
}

describe("reset password page", () => {
  it("says so when the URL has no token, and offers a new link from the login modal", async () => {
    const calls = stubApi(() => undefined);
    const { user } = renderWithShell(<ResetPasswordPage />, "/reset-password");
    expect(screen.getByRole("heading", { name: "Reset Link Issue" })).toBeInTheDocument();
    expect(screen.getByText("No reset token provided in the URL")).toBeInTheDocument();
    expect(screen.getByRole("link", { name: "Go to Home" })).toHaveAttribute("href", "/");
    await user.click(screen.getByRole("button", { name: "Request New Reset Link" }));
    await waitFor(() => expect(screen.getByTestId("location")).toHaveTextContent(/^\/$/));
    expect(useUiStore.getState().overlay).toBe("login");
    expect(useLoginModalStore.getState().view).toBe("forgot");
    expect(calls).toHaveLength(0);
  });

  it("verifies the token, then shows the server's reason for a dead link", async () => {
    stubApi((call) =>
      call.path === "/api/user/forgot-password/verify-token"
        ? fail(410, "This reset link has expired. Please request a new one.")
        : undefined,
    );
    renderWithShell(<ResetPasswordPage />, `/reset-password?fpt=${TOKEN}`);
    expect(screen.getByText("Verifying your reset link...")).toBeInTheDocument();
    expect(await screen.findByRole("heading", { name: "Reset Link Issue" })).toBeInTheDocument();
    expect(screen.getByText("This reset link has expired. Please request a new one.")).toBeInTheDocument();
  });

  it("requires both fields and a confirmation that matches the new password", async () => {
    const calls = verifiedToken();
    const { user } = renderWithShell(<ResetPasswordPage />, `/reset-password?fpt=${TOKEN}`);
    const submit = await screen.findByRole("button", { name: "Reset Password" });
    await user.click(submit);
    expect(await screen.findByText("Please enter a new password")).toBeInTheDocument();
    expect(screen.getByText("Please confirm your new password")).toBeInTheDocument();

    await user.type(screen.getByLabelText("New Password"), "Another-Pass#77");
    await user.type(screen.getByLabelText("Confirm New Password"), "Another-Pass#78");
    await user.click(submit);
    expect(await screen.findByText("Passwords do not match!")).toBeInTheDocument();
    expect(calls.filter((call) => call.path.endsWith("/change"))).toHaveLength(0);
  });

  it("resets the password and shows the success panel with home and login", async () => {
    const calls = verifiedToken();
    const { user } = renderWithShell(<ResetPasswordPage />, `/reset-password?fpt=${TOKEN}`);
    await user.type(await screen.findByLabelText("New Password"), "Another-Pass#77");
    await user.type(screen.getByLabelText("Confirm New Password"), "Another-Pass#77");
    await user.click(screen.getByRole("button", { name: "Reset Password" }));
    expect(
      await screen.findByText("Password has been reset successfully. You can now login with your new password."),
    ).toBeInTheDocument();
    expect(calls.find((call) => call.path.endsWith("/change"))?.body).toEqual({
      token: TOKEN,
      password: "Another-Pass#77",
      confirmPassword: "Another-Pass#77",
    });
    expect(screen.getByRole("link", { name: "Go to Home" })).toHaveAttribute("href", "/");
    await user.click(screen.getByRole("link", { name: "Login" }));
    expect(useUiStore.getState().overlay).toBe("login");
  });

  it("shows 'Resetting Password...' while the reset runs and the server's password rule under the field", async () => {
    let answer: (response: Response) => void = () => undefined;
    stubApi((call) => {
      if (call.path === "/api/user/forgot-password/verify-token") return ok({ valid: true, expiresAt: "" });
      if (call.path.endsWith("/change")) return new Promise<Response>((resolve) => (answer = resolve));
      return undefined;
    });
    const { user } = renderWithShell(<ResetPasswordPage />, `/reset-password?fpt=${TOKEN}`);
    await user.type(await screen.findByLabelText("New Password"), "weakpass");
    await user.type(screen.getByLabelText("Confirm New Password"), "weakpass");
    await user.click(screen.getByRole("button", { name: "Reset Password" }));
    expect(await screen.findByRole("button", { name: "Resetting Password..." })).toBeDisabled();
    const rule = "Password must be at least 9 characters with letters, numbers and special characters";
    answer(fail(400, rule, { fieldErrors: { password: [rule] } }));
    expect(await screen.findByText(rule)).toBeInTheDocument();
    expect(screen.getByLabelText("New Password")).toHaveAttribute("aria-invalid", "true");
  });
});
