import { screen, waitFor, within } from "@testing-library/react";
import { beforeEach, describe, expect, it } from "vitest";
import { useSessionStore } from "../../../lib/session-store";
import { openLogin, useUiStore } from "../../../lib/ui-store";
import { cartKey } from "../../cart/cart-api";
import { forgotPasswordMessages } from "../auth-messages";
import {
  fail,
  ok,
  renderWithShell,
  resetAccountState,
  sessionTokens,
  stubApi,
  toastMessages,
  USER,
} from "../testing/auth-fixtures";
import { LoginModal } from "./login-modal";

beforeEach(() => {
  resetAccountState();
});

function openModal(path = "/", redirect?: string) {
  const shell = renderWithShell(<LoginModal />, path);
  openLogin(redirect);
  return shell;
}

async function dialogTitled(name: string) {
  return screen.findByRole("dialog", { name });
}

describe("login modal views", () => {
  it("opens on LOGIN and switches to FORGOT PASSWORD and CREATE NEW ACCOUNT and back", async () => {
    stubApi(() => undefined);
    const { user } = openModal();
    let dialog = await dialogTitled("Login");
    expect(within(dialog).getByLabelText("Email or Phone")).toHaveFocus();
    expect(within(dialog).getByLabelText("Password")).toHaveAttribute("type", "password");

    await user.click(within(dialog).getByRole("button", { name: "Forgot your password?" }));
    dialog = await dialogTitled("Forgot Password");
    expect(within(dialog).getByLabelText("Email or Mobile")).toHaveFocus();
    expect(within(dialog).getByRole("button", { name: "Send Reset Link" })).toBeInTheDocument();

    await user.click(within(dialog).getByRole("button", { name: "Back to Login" }));
    dialog = await dialogTitled("Login");
    await user.click(within(dialog).getByRole("button", { name: "Create New Account" }));
    dialog = await dialogTitled("Create New Account");
    for (const label of ["Full Name", "Email", "Mobile Number (optional)", "Password"]) {
      expect(within(dialog).getByLabelText(label)).toBeInTheDocument();
    }
    expect(
      within(dialog).getByText(/at least 9 characters, with letters, numbers and special characters/),
    ).toBeVisible();
    expect(within(dialog).getByRole("button", { name: "Create Account" })).toBeInTheDocument();
    await user.click(within(dialog).getByRole("button", { name: "Back to Login" }));
    await dialogTitled("Login");
  });

  it("shows and hides the password with a named toggle", async () => {
    stubApi(() => undefined);
    const { user } = openModal();
    const dialog = await dialogTitled("Login");
    const password = within(dialog).getByLabelText("Password");
    await user.type(password, "secret#1");
    await user.click(within(dialog).getByRole("button", { name: "Show password" }));
    expect(password).toHaveAttribute("type", "text");
    await user.click(within(dialog).getByRole("button", { name: "Hide password" }));
    expect(password).toHaveAttribute("type", "password");
  });

  it("requires email or phone and password before calling the server", async () => {
    const calls = stubApi(() => undefined);
    const { user } = openModal();
    const dialog = await dialogTitled("Login");
    await user.click(within(dialog).getByRole("button", { name: "Login" }));
    expect(await within(dialog).findByText("Please enter your email or phone")).toBeInTheDocument();
    expect(within(dialog).getByText("Please enter your password")).toBeInTheDocument();
    expect(within(dialog).getByLabelText("Email or Phone")).toHaveAttribute("aria-invalid", "true");
    expect(calls).toHaveLength(0);
  });

  it("closing resets every form and returns to LOGIN", async () => {
    stubApi(() => undefined);
    const { user } = openModal();
    let dialog = await dialogTitled("Login");
    await user.type(within(dialog).getByLabelText("Email or Phone"), "riya@example.com");
    await user.click(within(dialog).getByRole("button", { name: "Create New Account" }));
    dialog = await dialogTitled("Create New Account");
    await user.type(within(dialog).getByLabelText("Full Name"), "Riya");
    await user.click(within(dialog).getByRole("button", { name: "Close" }));
    await waitFor(() => expect(screen.queryByRole("dialog")).not.toBeInTheDocument());

    openLogin();
    dialog = await dialogTitled("Login");
    expect(within(dialog).getByLabelText("Email or Phone")).toHaveValue("");
  });
});

describe("login", () => {
  it("logs in, merges the guest cart, closes and follows the pending redirect", async () => {
    const guestId = "0b8a1f5e-2c3d-4e5f-8a9b-0c1d2e3f4a5b";
    localStorage.setItem("guestSessionId", guestId);
    const merged = { id: "cart-u", items: [], itemCount: 2, subtotal: 0, total: 0 };
    const calls = stubApi((call) => {
      if (call.path === "/api/auth/login") return ok(sessionTokens());
      if (call.path === "/api/cart/merge") return ok(merged);
      if (call.path === "/api/cart") return ok(merged);
      return undefined;
    });
    const { user, queryClient } = openModal("/?redirect=%2Fprofile", "/profile");
    const dialog = await dialogTitled("Login");
    await user.type(within(dialog).getByLabelText("Email or Phone"), "riya@example.com");
    await user.type(within(dialog).getByLabelText("Password"), "Vaki-Str0ng#2026");
    await user.click(within(dialog).getByRole("button", { name: "Login" }));

    await waitFor(() => expect(screen.queryByRole("dialog")).not.toBeInTheDocument());
    expect(screen.getByTestId("location")).toHaveTextContent("/profile");
    expect(useSessionStore.getState().session?.user).toEqual(USER);
    expect(toastMessages()).toContain("Login successful! Welcome back.");
    expect(calls.find((call) => call.path === "/api/auth/login")?.body).toEqual({
      emailOrPhone: "riya@example.com",
      password: "Vaki-Str0ng#2026",
    });
    const merge = calls.find((call) => call.path === "/api/cart/merge");
    expect(merge?.body).toEqual({ guestSessionId: guestId, userId: USER.id });
    expect(merge?.headers.Authorization).toBe("Bearer h.p.s");
    expect(localStorage.getItem("guestSessionId")).toBeNull();
    expect(queryClient.getQueryData(cartKey(USER.id))).toMatchObject({ itemCount: 2 });
    expect(useUiStore.getState().overlay).toBeNull();
  });

  it("shows the server's reason when login fails and keeps no session", async () => {
    stubApi((call) =>
      call.path === "/api/auth/login" ? fail(401, "Login failed: incorrect email/phone or password") : undefined,
    );
    const { user } = openModal();
    const dialog = await dialogTitled("Login");
    await user.type(within(dialog).getByLabelText("Email or Phone"), "riya@example.com");
    await user.type(within(dialog).getByLabelText("Password"), "wrong");
    await user.click(within(dialog).getByRole("button", { name: "Login" }));
    await waitFor(() => expect(toastMessages()).toContain("Login failed: incorrect email/phone or password"));
    expect(useSessionStore.getState().session).toBeNull();
    expect(screen.getByRole("dialog", { name: "Login" })).toBeInTheDocument();
  });
});

describe("create account", () => {
  async function fillSignUp(user: ReturnType<typeof openModal>["user"]) {
    const dialog = await dialogTitled("Login");
    await user.click(within(dialog).getByRole("button", { name: "Create New Account" }));
    const form = await dialogTitled("Create New Account");
    await user.type(within(form).getByLabelText("Full Name"), "Riya Sharma");
    await user.type(within(form).getByLabelText("Email"), "riya@example.com");
    await user.type(within(form).getByLabelText("Password"), "short");
    await user.click(within(form).getByRole("button", { name: "Create Account" }));
    return form;
  }

  it("lists the server's field errors with the spec's labels", async () => {
    stubApi((call) =>
      call.path === "/api/auth/register"
        ? fail(400, "Please enter a valid email address", {
            fieldErrors: {
              password: ["Password must be at least 9 characters with letters, numbers and special characters"],
              mobile: ["Please enter a valid mobile number!"],
              name: ["Please enter a valid name!"],
              email: ["Please enter a valid email address"],
            },
          })
        : undefined,
    );
    const { user } = openModal();
    const form = await fillSignUp(user);
    const list = await within(form).findByRole("list");
    const items = within(list)
      .getAllByRole("listitem")
      .map((item) => item.textContent);
    expect(items).toEqual([
      "Full Name: Please enter a valid name!",
      "Email: Please enter a valid email address",
      "Mobile Number: Please enter a valid mobile number!",
      "Password: Password must be at least 9 characters with letters, numbers and special characters",
    ]);
    expect(toastMessages()).toContain("Please fix the validation errors");
    expect(within(form).getByLabelText("Email")).toHaveAttribute("aria-invalid", "true");
    expect(useSessionStore.getState().session).toBeNull();
  });

  it("shows the server's message when sign-up fails without field errors", async () => {
    stubApi((call) =>
      call.path === "/api/auth/register" ? fail(409, "An account with this email already exists") : undefined,
    );
    const { user } = openModal();
    await fillSignUp(user);
    await waitFor(() => expect(toastMessages()).toContain("An account with this email already exists"));
  });

  it("uses the session register answers, without a second login", async () => {
    const calls = stubApi((call) => {
      if (call.path === "/api/auth/register") return ok(sessionTokens());
      if (call.path === "/api/cart") return ok({ id: null, items: [], itemCount: 0 });
      return undefined;
    });
    const { user } = openModal();
    await fillSignUp(user);
    await waitFor(() => expect(useSessionStore.getState().session?.user.id).toBe(USER.id));
    expect(calls.some((call) => call.path === "/api/auth/login")).toBe(false);
  });
});

describe("forgot password", () => {
  async function requestLink(user: ReturnType<typeof openModal>["user"], value = "riya@example.com") {
    const dialog = await dialogTitled("Login");
    await user.click(within(dialog).getByRole("button", { name: "Forgot your password?" }));
    const form = await dialogTitled("Forgot Password");
    if (value) await user.type(within(form).getByLabelText("Email or Mobile"), value);
    await user.click(within(form).getByRole("button", { name: "Send Reset Link" }));
    return form;
  }

  it("requires the email or mobile", async () => {
    const calls = stubApi(() => undefined);
    const { user } = openModal();
    const form = await requestLink(user, "");
    expect(await within(form).findByText("Please enter your email or mobile number")).toBeInTheDocument();
    expect(calls).toHaveLength(0);
  });

  it("says the link was sent by email or SMS and is valid for 24 hours", async () => {
    const calls = stubApi((call) =>
      call.path === "/api/user/forgot-password" ? ok({ sentTo: "r***@example.com", validForHours: 24 }) : undefined,
    );
    const { user } = openModal();
    const form = await requestLink(user);
    expect(await within(form).findByText(/sent.*email or SMS.*valid for 24 hours/)).toBeInTheDocument();
    expect(calls[0]?.body).toEqual({ emailOrMobile: "riya@example.com", isReusedPasswordReset: false });
    expect(within(form).getByRole("button", { name: "Back to Login" })).toHaveFocus();
  });

  it.each([
    [404, "No account found with this email or mobile number", forgotPasswordMessages.notFound],
    [429, "Too many reset requests. Please wait 15 minutes before trying again", forgotPasswordMessages.rateLimited],
    [400, "Please enter a valid email address or mobile number", forgotPasswordMessages.invalid],
    [503, "Mail is down", forgotPasswordMessages.unableToSend],
  ])("maps a %i answer to the spec's text", async (status, message, expected) => {
    stubApi((call) => (call.path === "/api/user/forgot-password" ? fail(status, message) : undefined));
    const { user } = openModal();
    const form = await requestLink(user);
    expect(await within(form).findByRole("alert")).toHaveTextContent(expected);
  });

  it("says when the network is down", async () => {
    stubApi((call) => {
      if (call.path === "/api/user/forgot-password") throw new TypeError("Failed to fetch");
      return undefined;
    });
    const { user } = openModal();
    const form = await requestLink(user);
    expect(await within(form).findByRole("alert")).toHaveTextContent(forgotPasswordMessages.network);
  });
});

describe("logged in", () => {
  it("shows Welcome Back!, the account options and logs out to /", async () => {
    useSessionStore.getState().setSession(sessionTokens());
    const calls = stubApi((call) => (call.path === "/api/auth/logout" ? ok({ loggedOut: true }) : undefined));
    const { user } = openModal("/somewhere");
    const dialog = await dialogTitled("Welcome Back!");
    expect(within(dialog).getByText(USER.name)).toBeInTheDocument();
    expect(within(dialog).getByText(USER.email)).toBeInTheDocument();
    expect(within(dialog).getByRole("heading", { name: "Account Options" })).toBeInTheDocument();
    expect(within(dialog).getByRole("link", { name: "Profile" })).toHaveAttribute("href", "/profile");
    expect(within(dialog).getByRole("link", { name: "My Orders" })).toHaveAttribute("href", "/orders");
    expect(within(dialog).getByRole("button", { name: "Continue Shopping" })).toBeInTheDocument();

    await user.click(within(dialog).getByRole("button", { name: "Logout" }));
    await waitFor(() => expect(useSessionStore.getState().session).toBeNull());
    expect(calls.find((call) => call.path === "/api/auth/logout")?.body).toEqual({ refreshToken: "refresh-1" });
    expect(screen.getByTestId("location")).toHaveTextContent(/^\/$/);
    expect(toastMessages()).toContain("You have been logged out successfully");
    await waitFor(() => expect(screen.queryByRole("dialog")).not.toBeInTheDocument());
  });

  it("keeps the session and says why when logout fails", async () => {
    useSessionStore.getState().setSession(sessionTokens());
    stubApi((call) => (call.path === "/api/auth/logout" ? fail(503, "Service unavailable") : undefined));
    const { user } = openModal();
    const dialog = await dialogTitled("Welcome Back!");
    await user.click(within(dialog).getByRole("button", { name: "Logout" }));
    await waitFor(() => expect(toastMessages()).toContain("Logout failed: Service unavailable"));
    expect(useSessionStore.getState().session).not.toBeNull();
  });
});
