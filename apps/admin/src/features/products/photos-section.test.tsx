import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import type { StaffRole } from "@vaki/contract/admin/permissions";
import type { AdminPhoto, AdminPhotosAnswer } from "@vaki/contract/admin/photos";
import { photoMessages } from "@vaki/contract/admin/photos";
import type { AdminProductDetail } from "@vaki/contract/admin/schemas";
import { afterEach, describe, expect, it, vi } from "vitest";
import { type FakeCall, fakeApi, ok, renderAdmin, staffMember } from "../../test/helpers";

const product: AdminProductDetail = {
  id: 7,
  name: "Drop tee",
  slug: "drop-tee",
  status: "active",
  price: 99_900,
  stock: 6,
  lowVariants: 0,
  outVariants: 0,
  lowStockThreshold: 2,
  imageUrl: null,
  createdAt: "2026-11-01T10:00:00.000Z",
  featured: false,
  version: 1,
  descriptionHtml: "<p>A tee.</p>",
  updatedAt: "2026-11-01T10:00:00.000Z",
  images: [],
  categories: [],
  variants: [],
  timeline: [],
};

const photo = (id: number, order: number, extra: Partial<AdminPhoto> = {}): AdminPhoto => ({
  id,
  url: `/media/photos/${"a".repeat(63)}${id}-960.jpg`,
  thumbnailUrl: `/media/photos/${"a".repeat(63)}${id}-320.webp`,
  alt: `Tee view ${id}`,
  color: null,
  primary: order === 0,
  displayOrder: order,
  width: 1200,
  height: 1500,
  uploaded: true,
  ...extra,
});

/** The product page's calls, with its photos kept as the server would. */
function photosApi(role: StaffRole, photos: AdminPhoto[]) {
  let state: AdminPhotosAnswer = { productId: 7, photos, colours: ["Black", "Sand"] };
  const answer = () => ok(state);
  return fakeApi((call: FakeCall) => {
    if (call.path === "/auth/me") return ok({ staff: staffMember(role), csrfToken: "csrf-token-1234" });
    if (call.path === "/products/7") return ok(product);
    if (call.path === "/products/7/photos") return answer();
    if (call.path === "/products/7/photos/order" && call.method === "POST") {
      const ids = (call.body as { ids: number[] }).ids;
      state = {
        ...state,
        photos: ids.map((id, index) => ({
          ...(state.photos.find((p) => p.id === id) as AdminPhoto),
          displayOrder: index,
        })),
      };
      return answer();
    }
    const one = /^\/products\/7\/photos\/(\d+)(\/primary)?$/.exec(call.path);
    if (one) {
      const id = Number(one[1]);
      if (one[2]) {
        state = { ...state, photos: state.photos.map((p) => ({ ...p, primary: p.id === id })) };
        return answer();
      }
      if (call.method === "DELETE") {
        state = { ...state, photos: state.photos.filter((p) => p.id !== id) };
        return answer();
      }
      if (call.method === "PATCH") {
        const body = call.body as { alt: string; color: string | null };
        state = { ...state, photos: state.photos.map((p) => (p.id === id ? { ...p, ...body } : p)) };
        return ok(state.photos.find((p) => p.id === id));
      }
    }
    return undefined;
  });
}

/** XMLHttpRequest as the upload uses it: progress half-way, then the server's answer. */
function fakeXhr(respond: (body: Blob) => { status: number; body: unknown }) {
  const sent: { url: string; headers: Record<string, string>; body: Blob }[] = [];
  class FakeXhr {
    upload: { onprogress: ((event: ProgressEvent) => void) | null } = { onprogress: null };
    onload: (() => void) | null = null;
    onerror: (() => void) | null = null;
    onabort: (() => void) | null = null;
    status = 0;
    responseText = "";
    private url = "";
    private headers: Record<string, string> = {};
    open(_method: string, url: string) {
      this.url = url;
    }
    setRequestHeader(name: string, value: string) {
      this.headers[name] = value;
    }
    abort() {}
    send(body: Blob) {
      sent.push({ url: this.url, headers: this.headers, body });
      setTimeout(() => {
        this.upload.onprogress?.({ lengthComputable: true, loaded: body.size / 2, total: body.size } as ProgressEvent);
        setTimeout(() => {
          const answer = respond(body);
          this.status = answer.status;
          this.responseText = JSON.stringify(answer.body);
          this.onload?.();
        }, 10);
      }, 10);
    }
  }
  vi.stubGlobal("XMLHttpRequest", FakeXhr);
  return sent;
}

afterEach(() => {
  vi.unstubAllGlobals();
});

describe("the product's photos", () => {
  it("uploads several files with progress and shows each refusal beside its file", async () => {
    photosApi("catalogue", []);
    const sent = fakeXhr((body) =>
      body.size === 5
        ? { status: 400, body: { success: false, message: photoMessages.notImage, error: "InvalidInput" } }
        : { status: 201, body: { success: true, message: "Photo added", data: photo(1, 0) } },
    );
    const user = userEvent.setup();
    renderAdmin("/products/7");
    expect(await screen.findByText("No photos yet.")).toBeInTheDocument();
    expect(screen.getByRole("button", { name: "Add photos" })).toBeInTheDocument();

    const good = new File([new Uint8Array(4000)], "front.jpg", { type: "image/jpeg" });
    const text = new File(["hello"], "notes.jpg", { type: "image/jpeg" });
    const huge = new File(["x"], "huge.png", { type: "image/png" });
    Object.defineProperty(huge, "size", { value: 21 * 1024 * 1024 });
    await user.upload(screen.getByLabelText("Photo files"), [good, text, huge]);

    const uploads = screen.getByRole("list", { name: "Uploads" });
    expect(within(uploads).getByText(photoMessages.tooLarge)).toBeInTheDocument();
    expect(await within(uploads).findByRole("progressbar", { name: "Uploading front.jpg" })).toBeInTheDocument();
    expect(await within(uploads).findByText(photoMessages.notImage)).toBeInTheDocument();
    expect(await within(uploads).findByText("Added")).toBeInTheDocument();
    // Only the two files under 20 MB travelled, as raw bytes with the session's CSRF header.
    expect(sent.map((request) => request.url)).toEqual([
      "/api/admin/products/7/photos",
      "/api/admin/products/7/photos",
    ]);
    expect(sent[0]?.headers).toMatchObject({
      "Content-Type": "application/octet-stream",
      "X-CSRF-Token": "csrf-token-1234",
    });
  });

  it("requires alt text, saves alt text and colour, reorders by buttons, sets the primary and deletes after asking", async () => {
    const api = photosApi("owner", [photo(1, 0), photo(2, 1)]);
    const user = userEvent.setup();
    renderAdmin("/products/7");
    const first = await screen.findByRole("group", { name: /^Photo 1/ });
    const alt = within(first).getByLabelText("Alt text");
    await user.clear(alt);
    await user.click(within(first).getByRole("button", { name: "Save photo 1" }));
    expect(await within(first).findByText(photoMessages.altRequired)).toBeInTheDocument();
    expect(api.calls.some((call) => call.method === "PATCH")).toBe(false);

    await user.type(alt, "Black tee, front");
    await user.selectOptions(within(first).getByLabelText("Colour"), "Black");
    await user.click(within(first).getByRole("button", { name: "Save photo 1" }));
    await waitFor(() =>
      expect(api.calls.find((call) => call.method === "PATCH")).toMatchObject({
        path: "/products/7/photos/1",
        body: { alt: "Black tee, front", color: "Black" },
      }),
    );

    await user.click(within(first).getByRole("button", { name: "Move down (photo 1)" }));
    await waitFor(() =>
      expect(api.calls.find((call) => call.path === "/products/7/photos/order")?.body).toEqual({ ids: [2, 1] }),
    );
    const moved = await screen.findByRole("group", { name: /^Photo 1/ });
    await waitFor(() => expect(within(moved).getByRole("img")).toHaveAttribute("alt", "Tee view 2"));

    await user.click(within(moved).getByRole("button", { name: "Make primary (photo 1)" }));
    await waitFor(() => expect(api.calls.some((call) => call.path === "/products/7/photos/2/primary")).toBe(true));
    expect(await within(screen.getByRole("group", { name: /^Photo 1/ })).findByText("Primary")).toBeInTheDocument();

    await user.click(
      within(screen.getByRole("group", { name: /^Photo 2/ })).getByRole("button", { name: "Delete photo 2" }),
    );
    const dialog = await screen.findByRole("dialog", { name: "Delete this photo?" });
    await user.click(within(dialog).getByRole("button", { name: "Delete photo" }));
    await waitFor(() =>
      expect(api.calls.some((call) => call.method === "DELETE" && call.path === "/products/7/photos/1")).toBe(true),
    );
    await waitFor(() => expect(screen.queryByRole("group", { name: /^Photo 2/ })).not.toBeInTheDocument());
  });

  it("is read-only without products:write", async () => {
    photosApi("operations", [photo(1, 0)]);
    renderAdmin("/products/7");
    const first = await screen.findByRole("group", { name: /^Photo 1/ });
    expect(within(first).getByText("Tee view 1")).toBeInTheDocument();
    expect(screen.queryByRole("button", { name: "Add photos" })).not.toBeInTheDocument();
    expect(within(first).queryByLabelText("Alt text")).not.toBeInTheDocument();
  });
});
