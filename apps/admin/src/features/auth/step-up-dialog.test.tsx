import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { render, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { useState } from "react";
import { describe, expect, it } from "vitest";
import { api, setCsrfToken } from "../../lib/api-client";
import { errorMessage } from "../../lib/api-error";
import { failure, fakeApi, ok } from "../../test/helpers";
import { StepUpProvider } from "./step-up-dialog";

function InviteButton() {
  const [result, setResult] = useState("");
  return (
    <>
      <button
        type="button"
        onClick={() =>
          api<{ invitationUrl: string }>("/staff/invitations", { method: "POST", body: { email: "a@b.test" } }).then(
            (answer) => setResult(answer.invitationUrl),
            (error) => setResult(`failed: ${errorMessage(error)}`),
          )
        }
      >
        Invite
      </button>
      <output>{result}</output>
    </>
  );
}

function renderWithStepUp() {
  const queryClient = new QueryClient();
  return render(
    <QueryClientProvider client={queryClient}>
      <StepUpProvider>
        <InviteButton />
      </StepUpProvider>
    </QueryClientProvider>,
  );
}

describe("step-up", () => {
  it("asks for the password and a fresh code, then repeats the call that asked", async () => {
    let steppedUp = false;
    const server = fakeApi((call) => {
      if (call.path === "/staff/invitations")
        return steppedUp
          ? ok({ invitationUrl: "https://shop.test/admin/setup?token=t1" })
          : failure(403, "step_up_required", "Confirm your password and a fresh code to continue.");
      if (call.path === "/auth/step-up") {
        steppedUp = true;
        return ok({ stepUpUntil: "2026-11-25T17:05:00.000Z" });
      }
      return undefined;
    });
    setCsrfToken("csrf-token-1234");
    const user = userEvent.setup();
    renderWithStepUp();

    await user.click(screen.getByRole("button", { name: "Invite" }));
    const dialog = await screen.findByRole("dialog", { name: "Confirm it is you" });
    expect(dialog).toHaveTextContent("Confirm your password and a fresh code to continue.");
    await user.type(screen.getByLabelText("Password"), "correct horse battery");
    await user.type(screen.getByLabelText("Code from your authenticator app"), "654321");
    await user.click(screen.getByRole("button", { name: "Confirm" }));

    expect(await screen.findByText("https://shop.test/admin/setup?token=t1")).toBeInTheDocument();
    expect(screen.queryByRole("dialog")).not.toBeInTheDocument();
    expect(server.calls.map((call) => call.path)).toEqual([
      "/staff/invitations",
      "/auth/step-up",
      "/staff/invitations",
    ]);
    expect(server.calls[1]!.body).toEqual({ password: "correct horse battery", code: "654321" });
    expect(server.calls.every((call) => call.headers["X-CSRF-Token"] === "csrf-token-1234")).toBe(true);
    setCsrfToken(null);
  });

  it("keeps the dialog open on a wrong code and fails the call when cancelled", async () => {
    const server = fakeApi((call) => {
      if (call.path === "/staff/invitations")
        return failure(403, "step_up_required", "Confirm your password and a fresh code to continue.");
      if (call.path === "/auth/step-up") return failure(401, "unauthenticated", "That code is not right. Try again.");
      return undefined;
    });
    const user = userEvent.setup();
    renderWithStepUp();

    await user.click(screen.getByRole("button", { name: "Invite" }));
    await screen.findByRole("dialog", { name: "Confirm it is you" });
    await user.type(screen.getByLabelText("Password"), "correct horse battery");
    await user.type(screen.getByLabelText("Code from your authenticator app"), "111111");
    await user.click(screen.getByRole("button", { name: "Confirm" }));
    expect(await screen.findByRole("alert")).toHaveTextContent("That code is not right. Try again.");

    await user.click(screen.getByRole("button", { name: "Cancel" }));
    expect(await screen.findByText("failed: Confirm your password and a fresh code to continue.")).toBeInTheDocument();
    expect(server.calls.filter((call) => call.path === "/staff/invitations")).toHaveLength(1);
  });
});
