import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { render, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { useState } from "react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { useToastStore } from "../../../lib/toast-store";
import { jsonResponse } from "../../../test/render-route";
import { JoinClubModal } from "./join-club-modal";

interface Call {
  url: string;
  body: unknown;
}

function stubJoin(answer: () => Response | Promise<Response>) {
  const calls: Call[] = [];
  vi.stubGlobal(
    "fetch",
    vi.fn(async (input: RequestInfo | URL, init: RequestInit = {}) => {
      calls.push({ url: String(input), body: typeof init.body === "string" ? JSON.parse(init.body) : undefined });
      return answer();
    }),
  );
  return calls;
}

const joined = (data: unknown) => jsonResponse({ success: true, message: "Joined", data }, 201);

function Harness() {
  const [open, setOpen] = useState(true);
  return <JoinClubModal open={open} onOpenChange={setOpen} />;
}

function renderModal() {
  const queryClient = new QueryClient({ defaultOptions: { mutations: { retry: false } } });
  const user = userEvent.setup();
  render(
    <QueryClientProvider client={queryClient}>
      <Harness />
    </QueryClientProvider>,
  );
  const dialog = screen.getByRole("dialog", { name: "Join the Club" });
  return { user, dialog };
}

async function fillIn(user: ReturnType<typeof userEvent.setup>, dialog: HTMLElement, phone = "9876543210") {
  await user.type(within(dialog).getByLabelText("First Name"), "Riya");
  await user.type(within(dialog).getByLabelText("Email"), "riya@example.com");
  await user.type(within(dialog).getByLabelText("Phone"), phone);
}

function toasts() {
  return useToastStore.getState().toasts.map(({ type, message }) => ({ type, message }));
}

beforeEach(() => {
  useToastStore.setState({ toasts: [] });
});

afterEach(() => {
  vi.unstubAllGlobals();
});

describe("the join-the-Club form", () => {
  it("asks for every field with the spec's messages and sends nothing", async () => {
    const calls = stubJoin(() => joined({ memberId: 1, welcomeMessage: "hi", firstOrderCode: "VAKI10" }));
    const { user, dialog } = renderModal();
    await user.click(within(dialog).getByRole("button", { name: "Submit" }));

    expect(await within(dialog).findByText("Please enter your first name")).toBeInTheDocument();
    expect(within(dialog).getByText("Please enter your email")).toBeInTheDocument();
    expect(within(dialog).getByText("Please enter a valid 10-digit phone number")).toBeInTheDocument();
    expect(within(dialog).getByLabelText("First Name")).toHaveAttribute("aria-invalid", "true");
    expect(calls).toHaveLength(0);
  });

  it("treats a name of spaces as missing and a short phone as invalid", async () => {
    const calls = stubJoin(() => joined({ memberId: 1, welcomeMessage: "hi", firstOrderCode: "VAKI10" }));
    const { user, dialog } = renderModal();
    await user.type(within(dialog).getByLabelText("First Name"), "   ");
    await user.type(within(dialog).getByLabelText("Email"), "riya@example.com");
    await user.type(within(dialog).getByLabelText("Phone"), "98765");
    await user.click(within(dialog).getByRole("button", { name: "Submit" }));

    expect(await within(dialog).findByText("Please enter your first name")).toBeInTheDocument();
    expect(within(dialog).getByText("Please enter a valid 10-digit phone number")).toBeInTheDocument();
    expect(within(dialog).queryByText("Please enter your email")).not.toBeInTheDocument();
    expect(calls).toHaveLength(0);
  });

  it("has an email input and a phone input that takes ten digits only", async () => {
    stubJoin(() => joined({ memberId: 1, welcomeMessage: "hi", firstOrderCode: "VAKI10" }));
    const { user, dialog } = renderModal();
    expect(within(dialog).getByLabelText("Email")).toHaveAttribute("type", "email");
    const phone = within(dialog).getByLabelText("Phone");
    expect(phone).toHaveAttribute("maxlength", "10");
    expect(phone).toHaveAttribute("pattern", "[0-9]{10}");
    await user.type(phone, "98a76-5 43210999");
    expect(phone).toHaveValue("9876543210");
  });

  it("sends the name, email and +91 phone, shows the welcome, closes and clears", async () => {
    const calls = stubJoin(() =>
      joined({ memberId: 7, welcomeMessage: "Welcome to the Club, Riya!", firstOrderCode: "VAKI10" }),
    );
    const { user, dialog } = renderModal();
    await fillIn(user, dialog);
    await user.click(within(dialog).getByRole("button", { name: "Submit" }));

    await waitFor(() => expect(screen.queryByRole("dialog")).not.toBeInTheDocument());
    expect(calls).toEqual([
      { url: "/api/community/join", body: { name: "Riya", email: "riya@example.com", phone: "+919876543210" } },
    ]);
    expect(toasts()).toEqual([{ type: "success", message: "Welcome to the Club, Riya!" }]);
  });

  it("thanks the shopper by default when the server sends no welcome message", async () => {
    stubJoin(() => joined({ memberId: 7, welcomeMessage: "", firstOrderCode: "VAKI10" }));
    const { user, dialog } = renderModal();
    await fillIn(user, dialog);
    await user.click(within(dialog).getByRole("button", { name: "Submit" }));
    await waitFor(() =>
      expect(toasts()).toEqual([
        { type: "success", message: "Thank you for joining the Club! We'll be in touch soon." },
      ]),
    );
  });

  it("reads 'Submitting...' and is disabled while it runs; a second submit sends nothing", async () => {
    let answer: (response: Response) => void = () => {};
    const calls = stubJoin(
      () =>
        new Promise<Response>((resolve) => {
          answer = resolve;
        }),
    );
    const { user, dialog } = renderModal();
    await fillIn(user, dialog);
    const submit = within(dialog).getByRole("button", { name: "Submit" });
    await user.click(submit);

    const busy = await within(dialog).findByRole("button", { name: "Submitting..." });
    expect(busy).toBeDisabled();
    await user.type(within(dialog).getByLabelText("First Name"), "{Enter}");
    expect(calls).toHaveLength(1);

    answer(joined({ memberId: 7, welcomeMessage: "Welcome!", firstOrderCode: "VAKI10" }));
    await waitFor(() => expect(screen.queryByRole("dialog")).not.toBeInTheDocument());
    expect(calls).toHaveLength(1);
  });

  it.each([
    [409, "", "You are already a member of the Club."],
    [401, "", "Authentication required. Please log in first."],
    [400, "", "Invalid data provided. Please check your information."],
    [409, "Riya, you are already in!", "Riya, you are already in!"],
  ])("on a %i answer with message %j it shows %j and stays open", async (status, message, shown) => {
    stubJoin(() => jsonResponse({ success: false, message, error: "Conflict" }, status));
    const { user, dialog } = renderModal();
    await fillIn(user, dialog);
    await user.click(within(dialog).getByRole("button", { name: "Submit" }));

    await waitFor(() => expect(toasts()).toEqual([{ type: "error", message: shown }]));
    expect(screen.getByRole("dialog", { name: "Join the Club" })).toBeInTheDocument();
    expect(within(dialog).getByRole("button", { name: "Submit" })).toBeEnabled();
  });

  it("says 'Invalid response from server' when the answer has no data", async () => {
    stubJoin(() => jsonResponse({ success: true, message: "Joined" }, 201));
    const { user, dialog } = renderModal();
    await fillIn(user, dialog);
    await user.click(within(dialog).getByRole("button", { name: "Submit" }));
    await waitFor(() => expect(toasts()).toEqual([{ type: "error", message: "Invalid response from server" }]));
  });

  it("closes by its X button", async () => {
    stubJoin(() => joined({}));
    const { user, dialog } = renderModal();
    await user.click(within(dialog).getByRole("button", { name: "Close" }));
    expect(screen.queryByRole("dialog")).not.toBeInTheDocument();
  });
});
