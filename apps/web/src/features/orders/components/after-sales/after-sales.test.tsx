import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { render, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { type AfterSalesRequest, afterSalesMessages, type OrderAfterSales } from "@vaki/contract/exchanges";
import type { Order } from "@vaki/contract/orders";
import { MemoryRouter } from "react-router";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { useSessionStore } from "../../../../lib/session-store";
import { useToastStore } from "../../../../lib/toast-store";
import { jsonResponse } from "../../../../test/render-route";
import { afterSalesText } from "../../after-sales-messages";
import { afterSalesFixture, exchangeLineFixture, requestFixture } from "../../testing/after-sales-fixture";
import { ORDER_ID, orderFixture } from "../../testing/order-fixture";
import { OrderDetailsDialog } from "../order-details-dialog";

const ok = (data: unknown) => jsonResponse({ success: true, message: "OK", data });
const failure = (status: number, message: string, fieldErrors?: Record<string, string[]>) =>
  jsonResponse({ success: false, message, error: "Conflict", ...(fieldErrors ? { fieldErrors } : {}) }, status);

const EXCHANGES = `/api/orders/${ORDER_ID}/exchanges`;

interface Call {
  method: string;
  path: string;
  body: unknown;
  contentType: string | undefined;
}
let calls: Call[];

/** Answers the after-sales routes; `answer` may override any call (return undefined to fall through). */
function serve(state: { afterSales: OrderAfterSales }, answer: (call: Call) => Response | undefined = () => undefined) {
  calls = [];
  vi.stubGlobal(
    "fetch",
    vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      const url = new URL(
        typeof input === "string" ? input : input instanceof URL ? input.href : input.url,
        "http://shop",
      );
      const raw = init?.body;
      const call: Call = {
        method: init?.method ?? "GET",
        path: url.pathname,
        body: raw instanceof Blob ? raw : raw ? JSON.parse(String(raw)) : null,
        contentType: (init?.headers as Record<string, string> | undefined)?.["Content-Type"],
      };
      calls.push(call);
      const given = answer(call);
      if (given) return given;
      if (call.method === "GET" && call.path === EXCHANGES) return ok(state.afterSales);
      return jsonResponse({ success: false, message: "Not found", error: "NotFound" }, 404);
    }),
  );
}

const posts = (suffix = "") => calls.filter((call) => call.method === "POST" && call.path === `${EXCHANGES}${suffix}`);
const toasts = () => useToastStore.getState().toasts.map((toast) => `${toast.type}: ${toast.message}`);

function delivered(overrides: Partial<Order> = {}): Order {
  return orderFixture({ status: "DELIVERED", statusLabel: "Delivered", cancellable: false, ...overrides });
}

function renderDetails(order: Order) {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false }, mutations: { retry: false } } });
  const user = userEvent.setup();
  render(
    <QueryClientProvider client={queryClient}>
      <MemoryRouter>
        <OrderDetailsDialog order={order} onOpenChange={() => {}} />
      </MemoryRouter>
    </QueryClientProvider>,
  );
  return { user, details: screen.getByRole("dialog", { name: "Order Details" }) };
}

beforeEach(() => {
  useSessionStore.setState({
    session: {
      accessToken: "a.b.c",
      refreshToken: "refresh",
      expiresAt: new Date(Date.now() + 3_600_000).toISOString(),
      user: {
        id: "5c2d7b7e-8a61-4f3c-9d0e-2b1a6c4e8f90",
        name: "Riya",
        email: "riya@example.com",
        mobile: null,
        role: "customer",
      },
    },
  });
  useToastStore.setState({ toasts: [] });
  // jsdom has no object URLs; the thumbnails only need a string.
  let made = 0;
  URL.createObjectURL = vi.fn(() => `blob:photo-${++made}`);
  URL.revokeObjectURL = vi.fn();
});

afterEach(() => {
  useSessionStore.setState({ session: null });
});

describe("a delivered order's lines", () => {
  it("offers Exchange size with the window's last day", async () => {
    serve({ afterSales: afterSalesFixture() });
    const { details } = renderDetails(delivered());
    const line = await within(details).findByTestId("after-sales-line-1");
    expect(within(line).getByRole("button", { name: "Exchange size" })).toHaveAccessibleDescription(
      "Exchange until 2 Dec",
    );
    expect(within(line).queryByRole("button", { name: "Report a defect" })).toBeNull();
  });

  it("offers Report a defect on an order delivered abroad", async () => {
    serve({
      afterSales: afterSalesFixture({
        lines: [exchangeLineFixture({ offer: "defect", sizes: [], units: 1, closesAt: "2026-11-28T12:00:00.000Z" })],
      }),
    });
    const { details } = renderDetails(delivered());
    const line = await within(details).findByTestId("after-sales-line-1");
    expect(within(line).getByRole("button", { name: "Report a defect" })).toBeInTheDocument();
    expect(within(line).getByText(/^Report by 28 Nov, /)).toBeInTheDocument();
    expect(within(line).queryByRole("button", { name: "Exchange size" })).toBeNull();
  });

  it("says why a closed line has no button", async () => {
    serve({
      afterSales: afterSalesFixture({
        lines: [exchangeLineFixture({ offer: null, reason: afterSalesMessages.exchangeClosed, closesAt: null })],
      }),
    });
    const { details } = renderDetails(delivered());
    const line = await within(details).findByTestId("after-sales-line-1");
    expect(within(line).getByText("Exchanges close 6 days after delivery")).toHaveClass("order-muted");
    expect(within(line).queryByRole("button")).toBeNull();
  });

  it("asks nothing about exchanges for an order that is not delivered", async () => {
    serve({ afterSales: afterSalesFixture() });
    const { details } = renderDetails(orderFixture());
    expect(within(details).getByText("Nova Heavyweight Tee")).toBeInTheDocument();
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(calls).toEqual([]);
    expect(within(details).queryByRole("button", { name: "Exchange size" })).toBeNull();
  });
});

describe("Exchange size", () => {
  it("lists the other sizes, sold-out ones disabled, and posts the chosen size and quantity", async () => {
    const state = { afterSales: afterSalesFixture() };
    serve(state, (call) => {
      if (call.method !== "POST" || call.path !== EXCHANGES) return undefined;
      state.afterSales = afterSalesFixture({
        lines: [exchangeLineFixture({ offer: null, units: 0 })],
        requests: [requestFixture({ quantity: 2 })],
      });
      return ok(requestFixture({ quantity: 2 }));
    });
    const { user, details } = renderDetails(delivered());
    await user.click(await within(details).findByRole("button", { name: "Exchange size" }));

    const dialog = await screen.findByRole("dialog", { name: "Exchange size" });
    expect(within(dialog).getByRole("radio", { name: "S" })).toBeEnabled();
    expect(within(dialog).getByRole("radio", { name: "XL Sold out" })).toBeDisabled();
    expect(within(dialog).getByText(/Unworn, unwashed, tags on/)).toBeInTheDocument();

    await user.click(within(dialog).getByRole("radio", { name: "L" }));
    await user.selectOptions(within(dialog).getByRole("combobox", { name: "Quantity" }), "2");
    await user.click(within(dialog).getByRole("button", { name: "Request exchange" }));

    await waitFor(() => expect(screen.queryByRole("dialog", { name: "Exchange size" })).toBeNull());
    expect(posts()[0]?.body).toEqual({ kind: "exchange", itemId: 1, variantId: 72, quantity: 2 });
    expect(toasts()).toContain(`success: ${afterSalesMessages.requested}`);
    // The offers are read again: the line now shows its request.
    expect(await within(details).findByRole("heading", { name: "Size exchange" })).toBeInTheDocument();
  });

  it("shows the server's refusal beside the sizes and keeps the dialog open", async () => {
    serve({ afterSales: afterSalesFixture({ lines: [exchangeLineFixture({ units: 1 })] }) }, (call) =>
      call.method === "POST" && call.path === EXCHANGES
        ? failure(409, afterSalesMessages.sizeSoldOut("L"), { variantId: [afterSalesMessages.sizeSoldOut("L")] })
        : undefined,
    );
    const { user, details } = renderDetails(delivered());
    await user.click(await within(details).findByRole("button", { name: "Exchange size" }));
    const dialog = await screen.findByRole("dialog", { name: "Exchange size" });
    expect(within(dialog).queryByRole("combobox", { name: "Quantity" })).toBeNull();
    await user.click(within(dialog).getByRole("radio", { name: "L" }));
    await user.click(within(dialog).getByRole("button", { name: "Request exchange" }));
    expect(await within(dialog).findByRole("alert")).toHaveTextContent("Size L just sold out; choose another size");
    expect(within(dialog).getByRole("group", { name: "New size" })).toHaveAccessibleDescription(
      "Size L just sold out; choose another size",
    );
  });

  it("shows a refusal without field errors in the dialog, and the size that sold out turns disabled", async () => {
    const state = { afterSales: afterSalesFixture({ lines: [exchangeLineFixture({ units: 1 })] }) };
    serve(state, (call) => {
      if (call.method !== "POST" || call.path !== EXCHANGES) return undefined;
      state.afterSales = afterSalesFixture({
        lines: [
          exchangeLineFixture({
            units: 1,
            sizes: exchangeLineFixture().sizes.map((size) => (size.size === "L" ? { ...size, inStock: false } : size)),
          }),
        ],
      });
      return failure(409, afterSalesMessages.sizeSoldOut("L"));
    });
    const { user, details } = renderDetails(delivered());
    await user.click(await within(details).findByRole("button", { name: "Exchange size" }));
    const dialog = await screen.findByRole("dialog", { name: "Exchange size" });
    await user.click(within(dialog).getByRole("radio", { name: "L" }));
    await user.click(within(dialog).getByRole("button", { name: "Request exchange" }));
    expect(await within(dialog).findByRole("alert")).toHaveTextContent("Size L just sold out; choose another size");
    expect(await within(dialog).findByRole("radio", { name: "L Sold out" })).toBeDisabled();
    expect(within(dialog).getByRole("radio", { name: "L Sold out" })).not.toBeChecked();
  });
});

describe("Report a defect", () => {
  const defectOrder = () =>
    afterSalesFixture({ lines: [exchangeLineFixture({ offer: "defect", sizes: [], units: 1 })] });

  it("says what is missing before sending anything", async () => {
    serve({ afterSales: defectOrder() });
    const { user, details } = renderDetails(delivered());
    await user.click(await within(details).findByRole("button", { name: "Report a defect" }));
    const dialog = await screen.findByRole("dialog", { name: "Report a defect" });
    await user.click(within(dialog).getByRole("button", { name: "Send report" }));
    expect(await within(dialog).findByText(afterSalesMessages.descriptionRequired)).toBeInTheDocument();
    expect(within(dialog).getByRole("textbox", { name: "What is wrong?" })).toHaveAttribute("aria-invalid", "true");
    expect(posts()).toEqual([]);
  });

  it("sends the report, then each photo, and says which photo failed", async () => {
    serve({ afterSales: defectOrder() }, (call) => {
      if (call.method !== "POST") return undefined;
      if (call.path === EXCHANGES) return ok(requestFixture({ id: 9, kind: "defect", resolution: null }));
      if (call.path === `${EXCHANGES}/9/photos`) {
        const photo = call.body as File;
        return photo.name === "seam.png" ? failure(422, "This photo could not be read") : ok({ id: 1, url: "/x" });
      }
      return undefined;
    });
    const { user, details } = renderDetails(delivered());
    await user.click(await within(details).findByRole("button", { name: "Report a defect" }));
    const dialog = await screen.findByRole("dialog", { name: "Report a defect" });

    await user.type(within(dialog).getByRole("textbox", { name: "What is wrong?" }), "The hem came apart");
    const picker = within(dialog).getByLabelText("Photos (up to 3)");
    expect(picker).toHaveAttribute("accept", "image/jpeg,image/png,image/webp,image/avif");
    await user.upload(picker, [
      new File(["a"], "hem.jpg", { type: "image/jpeg" }),
      new File(["b"], "seam.png", { type: "image/png" }),
    ]);
    expect(within(dialog).getByRole("img", { name: "hem.jpg" })).toBeInTheDocument();
    await user.click(within(dialog).getByRole("button", { name: "Remove seam.png" }));
    expect(within(dialog).queryByRole("img", { name: "seam.png" })).toBeNull();
    await user.upload(picker, new File(["b"], "seam.png", { type: "image/png" }));

    await user.click(within(dialog).getByRole("button", { name: "Send report" }));

    expect(await within(dialog).findByText(afterSalesText.reportSentPhotosFailed)).toBeInTheDocument();
    expect(
      within(dialog).getByText("seam.png could not be uploaded: This photo could not be read"),
    ).toBeInTheDocument();
    expect(posts()[0]?.body).toEqual({ kind: "defect", itemId: 1, quantity: 1, description: "The hem came apart" });
    const uploads = posts("/9/photos");
    expect(uploads.map((call) => (call.body as File).name)).toEqual(["hem.jpg", "seam.png"]);
    expect(uploads.map((call) => call.contentType)).toEqual(["image/jpeg", "image/png"]);
    expect(toasts()).toContain(`success: ${afterSalesMessages.defectReported}`);
    expect(within(dialog).getByRole("button", { name: "Retry failed photos" })).toBeInTheDocument();
  });

  it("refuses a fourth photo with the contract's message", async () => {
    serve({ afterSales: defectOrder() });
    const { user, details } = renderDetails(delivered());
    await user.click(await within(details).findByRole("button", { name: "Report a defect" }));
    const dialog = await screen.findByRole("dialog", { name: "Report a defect" });
    await user.upload(
      within(dialog).getByLabelText("Photos (up to 3)"),
      ["1", "2", "3", "4"].map((name) => new File([name], `${name}.jpg`, { type: "image/jpeg" })),
    );
    expect(within(dialog).getAllByRole("button", { name: /^Remove / })).toHaveLength(3);
    expect(within(dialog).getByText(afterSalesMessages.tooManyPhotos)).toBeInTheDocument();
  });
});

describe("a request under its line", () => {
  const withRequest = (request: AfterSalesRequest) =>
    afterSalesFixture({ lines: [exchangeLineFixture({ offer: null })], requests: [request] });

  it("shows its status, message and steps, and withdraws after asking", async () => {
    const state = { afterSales: withRequest(requestFixture({ returnAwb: "1490001234" })) };
    serve(state, (call) => {
      if (call.method !== "POST" || call.path !== `${EXCHANGES}/501/withdraw`) return undefined;
      state.afterSales = withRequest(
        requestFixture({ status: "WITHDRAWN", statusLabel: "Withdrawn", withdrawable: false }),
      );
      return ok(state.afterSales.requests[0]);
    });
    const { user, details } = renderDetails(delivered());
    const card = await within(details).findByTestId("after-sales-request-501");
    expect(within(card).getByRole("heading", { name: "Size exchange" })).toBeInTheDocument();
    expect(within(card).getByText("Requested", { selector: ".status-badge span" })).toBeInTheDocument();
    expect(within(card).getByText("Size M → L")).toBeInTheDocument();
    expect(within(card).getByText(/new size is held for you/)).toBeInTheDocument();
    expect(within(card).getByText("1490001234")).toBeInTheDocument();
    const steps = within(within(card).getByRole("list", { name: "Progress" })).getAllByRole("listitem");
    expect(steps.map((step) => step.textContent)).toEqual([
      expect.stringMatching(/^Requested \(done\)27 Nov, /),
      "Approved (to come)",
      "Pickup booked (to come)",
      "New size shipped (to come)",
    ]);

    await user.click(within(card).getByRole("button", { name: "Withdraw request" }));
    const confirm = await screen.findByRole("dialog", { name: "Withdraw request?" });
    await user.click(within(confirm).getByRole("button", { name: "Keep request" }));
    expect(posts("/501/withdraw")).toEqual([]);

    await user.click(within(card).getByRole("button", { name: "Withdraw request" }));
    await user.click(
      within(await screen.findByRole("dialog", { name: "Withdraw request?" })).getByRole("button", {
        name: "Withdraw request",
      }),
    );
    await waitFor(() => expect(toasts()).toContain(`success: ${afterSalesMessages.withdrawn}`));
    expect(posts("/501/withdraw")).toHaveLength(1);
    expect(await within(details).findByText("Withdrawn", { selector: ".status-badge span" })).toBeInTheDocument();
    expect(within(details).queryByRole("button", { name: "Withdraw request" })).toBeNull();
  });

  it("shows a defect report's photos, fetched with the session's token", async () => {
    const photoPath = `${EXCHANGES}/9/photos/3`;
    serve(
      {
        afterSales: withRequest(
          requestFixture({ id: 9, kind: "defect", fromSize: null, toSize: null, photos: [{ id: 3, url: photoPath }] }),
        ),
      },
      (call) => (call.path === photoPath ? new Response(new Blob(["jpeg"], { type: "image/jpeg" })) : undefined),
    );
    const { details } = renderDetails(delivered());
    const card = await within(details).findByTestId("after-sales-request-9");
    expect(within(card).getByRole("heading", { name: "Defect report" })).toBeInTheDocument();
    expect(await within(card).findByRole("img", { name: "Defect photo 1" })).toHaveAttribute("src", "blob:photo-1");
    const fetched = vi.mocked(fetch).mock.calls.find(([input]) => String(input) === photoPath);
    expect(new Headers(fetched?.[1]?.headers).get("Authorization")).toBe("Bearer a.b.c");
  });

  it("shows the refusal reason", async () => {
    serve({
      afterSales: withRequest(
        requestFixture({
          status: "REFUSED",
          statusLabel: "Refused",
          withdrawable: false,
          refusalReason: "Tags removed",
        }),
      ),
    });
    const { details } = renderDetails(delivered());
    const card = await within(details).findByTestId("after-sales-request-501");
    expect(within(card).getByText("Tags removed")).toBeInTheDocument();
  });

  it("offers another size or a refund when the held size is gone", async () => {
    serve(
      {
        afterSales: withRequest(
          requestFixture({ status: "SIZE_UNAVAILABLE", statusLabel: "Size no longer available", withdrawable: true }),
        ),
      },
      (call) => (call.method === "POST" && call.path.endsWith("/choose") ? ok(requestFixture()) : undefined),
    );
    const { user, details } = renderDetails(delivered());
    const card = await within(details).findByTestId("after-sales-request-501");

    await user.click(within(card).getByRole("button", { name: "Choose another size" }));
    const sizes = await screen.findByRole("dialog", { name: "Choose another size" });
    expect(within(sizes).queryByRole("combobox", { name: "Quantity" })).toBeNull();
    await user.click(within(sizes).getByRole("radio", { name: "S" }));
    await user.click(within(sizes).getByRole("button", { name: "Choose this size" }));
    await waitFor(() => expect(posts("/501/choose").map((call) => call.body)).toEqual([{ variantId: 70 }]));
    await waitFor(() => expect(screen.queryByRole("dialog", { name: "Choose another size" })).toBeNull());

    await user.click(within(card).getByRole("button", { name: "Refund instead" }));
    const refund = await screen.findByRole("dialog", { name: "Refund instead?" });
    await user.click(within(refund).getByRole("button", { name: "Yes, refund me" }));
    await waitFor(() =>
      expect(posts("/501/choose").map((call) => call.body)).toEqual([{ variantId: 70 }, { refund: true }]),
    );
    expect(toasts()).toContain(`success: ${afterSalesText.refundChosen}`);
  });

  it("puts a failed withdrawal's reason in a toast", async () => {
    serve({ afterSales: withRequest(requestFixture()) }, (call) =>
      call.path.endsWith("/withdraw") ? failure(409, afterSalesMessages.cannotWithdraw) : undefined,
    );
    const { user, details } = renderDetails(delivered());
    const card = await within(details).findByTestId("after-sales-request-501");
    await user.click(within(card).getByRole("button", { name: "Withdraw request" }));
    await user.click(
      within(await screen.findByRole("dialog", { name: "Withdraw request?" })).getByRole("button", {
        name: "Withdraw request",
      }),
    );
    await waitFor(() => expect(toasts()).toContain(`error: ${afterSalesMessages.cannotWithdraw}`));
  });
});
