import { screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { type AdminCategory, categoryMessages } from "@vaki/contract/admin/categories";
import type { StaffRole } from "@vaki/contract/admin/permissions";
import { photoMessages } from "@vaki/contract/admin/photos";
import { afterEach, describe, expect, it, vi } from "vitest";
import { fakeApi, ok, renderAdmin, staffMember } from "../../test/helpers";

const category = (overrides: Partial<AdminCategory>): AdminCategory => ({
  id: 1,
  name: "Tees",
  slug: "tees",
  parentId: null,
  active: true,
  description: null,
  imageUrl: null,
  isCharacter: false,
  tagline: null,
  accentColor: null,
  displayOrder: 0,
  productCount: 4,
  ...overrides,
});

const tree = [
  category({ id: 1, name: "Tees", slug: "tees", imageUrl: "/media/categories/tees.svg" }),
  category({ id: 2, name: "Vakiverse", slug: "vakiverse", displayOrder: 1 }),
  category({
    id: 3,
    name: "Kiro",
    slug: "kiro",
    parentId: 2,
    isCharacter: true,
    tagline: "Night market",
    accentColor: "#e4572e",
  }),
  category({ id: 4, name: "Mira", slug: "mira", parentId: 2, isCharacter: true, displayOrder: 1 }),
];

function categoriesApi(role: StaffRole) {
  return fakeApi((call) => {
    if (call.path === "/auth/me") return ok({ staff: staffMember(role), csrfToken: "csrf-token-1234" });
    if (call.path === "/categories" && call.method === "GET") return ok({ categories: tree });
    if (call.path === "/categories" && call.method === "POST") {
      return { status: 201, body: { success: true, message: categoryMessages.created, data: { id: 9 } } };
    }
    if (call.path === "/categories/order") return ok({});
    if (call.path === "/categories/3/picture" && call.method === "DELETE") {
      return ok({ id: 3, imageUrl: null, width: null, height: null });
    }
    if (call.path.startsWith("/categories/") && call.method === "PATCH") {
      const body = call.body as { accentColor?: string };
      if (body.accentColor === "#zzzzzz") {
        return {
          status: 400,
          body: {
            success: false,
            message: "Check the fields.",
            error: "ValidationError",
            fieldErrors: { accentColor: ["bad"] },
          },
        };
      }
      return ok({ id: 3 });
    }
    return undefined;
  });
}

describe("the categories page", () => {
  it("shows the tree with characters under the Vakiverse and reorders siblings from the keyboard", async () => {
    const api = categoriesApi("catalogue");
    const user = userEvent.setup();
    renderAdmin("/categories");
    const kiro = (await screen.findByText("Kiro")).closest("tr") as HTMLElement;
    expect(within(kiro).getByText("Character")).toBeInTheDocument();
    expect(within(kiro).getByText("Night market")).toBeInTheDocument();
    expect(within(kiro).getByRole("button", { name: "Move Kiro up" })).toBeDisabled();

    await user.click(within(kiro).getByRole("button", { name: "Move Kiro down" }));
    expect(api.calls.find((call) => call.path === "/categories/order")?.body).toEqual({ parentId: 2, ids: [4, 3] });
  });

  it("creates a category, checking the colour beside the field first", async () => {
    const api = categoriesApi("catalogue");
    const user = userEvent.setup();
    renderAdmin("/categories");
    await user.click(await screen.findByRole("button", { name: "New category" }));
    const dialog = await screen.findByRole("dialog", { name: "New category" });
    await user.type(within(dialog).getByLabelText("Name"), "Luma");
    await user.selectOptions(within(dialog).getByLabelText("Parent"), "Vakiverse");
    await user.click(within(dialog).getByLabelText("A Vakiverse character"));
    await user.type(within(dialog).getByLabelText("Signature colour"), "orange");
    await user.click(within(dialog).getByRole("button", { name: "Create category" }));
    expect(await within(dialog).findByText(categoryMessages.colourFormat)).toBeInTheDocument();
    expect(api.calls.some((call) => call.method === "POST" && call.path === "/categories")).toBe(false);

    await user.clear(within(dialog).getByLabelText("Signature colour"));
    await user.type(within(dialog).getByLabelText("Signature colour"), "#44AA88");
    await user.click(within(dialog).getByRole("button", { name: "Create category" }));
    const sent = api.calls.find((call) => call.method === "POST" && call.path === "/categories");
    expect(sent?.body).toMatchObject({
      name: "Luma",
      parentId: 2,
      isCharacter: true,
      accentColor: "#44aa88",
      active: true,
    });
    expect(screen.queryByRole("dialog", { name: "New category" })).not.toBeInTheDocument();
  });

  it("never offers a category as its own parent or under its own child", async () => {
    categoriesApi("catalogue");
    const user = userEvent.setup();
    renderAdmin("/categories");
    const vakiverse = (await screen.findByText("Vakiverse")).closest("tr") as HTMLElement;
    await user.click(within(vakiverse).getByRole("button", { name: "Edit Vakiverse" }));
    const dialog = await screen.findByRole("dialog", { name: "Edit Vakiverse" });
    const options = within(within(dialog).getByLabelText("Parent"))
      .getAllByRole("option")
      .map((option) => option.textContent);
    expect(options).toEqual(["None (top level)", "Tees"]);
  });

  it("shows the tree without actions to a role that only reads products", async () => {
    categoriesApi("operations");
    renderAdmin("/categories");
    expect(await screen.findByText("Kiro")).toBeInTheDocument();
    expect(screen.queryByRole("button", { name: "New category" })).not.toBeInTheDocument();
    expect(screen.queryByRole("button", { name: /^Move / })).not.toBeInTheDocument();
  });
});

/** XMLHttpRequest as the upload uses it: progress half-way, then the server's answer. */
function fakeXhr(respond: (body: Blob) => { status: number; body: unknown }) {
  const sent: { url: string; headers: Record<string, string>; body: Blob }[] = [];
  let finish = () => {};
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
      }, 5);
      // The answer waits for the test, so the half-way progress can be seen first.
      finish = () => {
        const answer = respond(body);
        this.status = answer.status;
        this.responseText = JSON.stringify(answer.body);
        this.onload?.();
      };
    }
  }
  vi.stubGlobal("XMLHttpRequest", FakeXhr);
  return { sent, finish: () => finish() };
}

describe("a category's picture in its dialog", () => {
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  const uploadedUrl = `/media/photos/${"a".repeat(64)}-960.jpg`;

  it("uploads a character's picture with progress, previews it, never sends the address on save, and removes it", async () => {
    const api = categoriesApi("catalogue");
    const xhr = fakeXhr((body) =>
      body.size === 5
        ? { status: 400, body: { success: false, message: photoMessages.notImage, error: "InvalidInput" } }
        : {
            status: 200,
            body: {
              success: true,
              message: categoryMessages.pictureUploaded,
              data: { id: 3, imageUrl: uploadedUrl, width: 1200, height: 1500 },
            },
          },
    );
    const user = userEvent.setup();
    renderAdmin("/categories");
    const kiro = (await screen.findByText("Kiro")).closest("tr") as HTMLElement;
    await user.click(within(kiro).getByRole("button", { name: "Edit Kiro" }));
    const dialog = await screen.findByRole("dialog", { name: "Edit Kiro" });
    expect(within(dialog).queryByLabelText("Picture address")).not.toBeInTheDocument();
    expect(within(dialog).getByText("No picture yet.")).toBeInTheDocument();
    expect(within(dialog).queryByRole("button", { name: "Remove picture" })).not.toBeInTheDocument();
    expect(within(dialog).getByRole("button", { name: "Upload picture" })).toBeEnabled();
    expect(within(dialog).getByLabelText("Picture file")).toHaveAttribute(
      "accept",
      "image/jpeg,image/png,image/webp,image/avif",
    );

    // Not a picture: the server's words beside the field, nothing previewed.
    await user.upload(
      within(dialog).getByLabelText("Picture file"),
      new File(["hello"], "notes.jpg", { type: "image/jpeg" }),
    );
    xhr.finish();
    expect(await within(dialog).findByRole("alert")).toHaveTextContent(photoMessages.notImage);

    // Too large: refused before sending.
    const huge = new File(["x"], "huge.png", { type: "image/png" });
    Object.defineProperty(huge, "size", { value: 21 * 1024 * 1024 });
    await user.upload(within(dialog).getByLabelText("Picture file"), huge);
    expect(within(dialog).getByRole("alert")).toHaveTextContent(photoMessages.tooLarge);
    expect(xhr.sent).toHaveLength(1);

    await user.upload(
      within(dialog).getByLabelText("Picture file"),
      new File([new Uint8Array(4000)], "kiro.png", { type: "image/png" }),
    );
    const bar = await within(dialog).findByRole("progressbar", { name: "Uploading picture" });
    await vi.waitFor(() => expect(bar).toHaveAttribute("value", "50"));
    expect(within(dialog).getByRole("button", { name: "Upload picture" })).toBeDisabled();
    xhr.finish();
    const preview = await within(dialog).findByRole("img", { name: "Kiro" });
    expect(preview).toHaveAttribute("src", uploadedUrl);
    expect(within(dialog).getByRole("status")).toHaveTextContent(categoryMessages.pictureUploaded);
    expect(within(dialog).queryByRole("alert")).not.toBeInTheDocument();
    expect(xhr.sent[1]?.url).toBe("/api/admin/categories/3/picture");
    expect(xhr.sent[1]?.headers).toMatchObject({
      "Content-Type": "application/octet-stream",
      "X-CSRF-Token": "csrf-token-1234",
    });

    await user.click(within(dialog).getByRole("button", { name: "Remove picture" }));
    // Asked first: nothing is removed until the owner confirms.
    const question = await screen.findByRole("dialog", { name: "Remove this picture?" });
    expect(question).toHaveTextContent("The shop shows Kiro without a picture until you upload another.");
    expect(api.calls.some((call) => call.method === "DELETE")).toBe(false);
    await user.click(within(question).getByRole("button", { name: "Cancel" }));
    expect(screen.queryByRole("dialog", { name: "Remove this picture?" })).not.toBeInTheDocument();
    expect(within(dialog).getByRole("img", { name: "Kiro" })).toBeInTheDocument();
    expect(api.calls.some((call) => call.method === "DELETE")).toBe(false);

    await user.click(within(dialog).getByRole("button", { name: "Remove picture" }));
    const confirm = await screen.findByRole("dialog", { name: "Remove this picture?" });
    await user.click(within(confirm).getByRole("button", { name: "Remove picture" }));
    expect(await within(dialog).findByText("No picture yet.")).toBeInTheDocument();
    expect(screen.queryByRole("dialog", { name: "Remove this picture?" })).not.toBeInTheDocument();
    expect(within(dialog).queryByRole("img", { name: "Kiro" })).not.toBeInTheDocument();
    expect(within(dialog).getByRole("status")).toHaveTextContent(categoryMessages.pictureRemoved);
    expect(api.calls.some((call) => call.method === "DELETE" && call.path === "/categories/3/picture")).toBe(true);

    await user.click(within(dialog).getByRole("button", { name: "Save category" }));
    const patch = api.calls.find((call) => call.method === "PATCH" && call.path === "/categories/3");
    expect(patch?.body).toMatchObject({ name: "Kiro", tagline: "Night market" });
    expect(patch?.body).not.toHaveProperty("imageUrl");
  });

  it("shows the current picture with the category's name, and asks to save a new category first", async () => {
    categoriesApi("catalogue");
    const user = userEvent.setup();
    renderAdmin("/categories");
    const tees = (await screen.findByText("Tees")).closest("tr") as HTMLElement;
    await user.click(await screen.findByRole("button", { name: "New category" }));
    const created = await screen.findByRole("dialog", { name: "New category" });
    expect(within(created).getByText(categoryMessages.pictureSaveFirst)).toBeInTheDocument();
    expect(within(created).queryByRole("button", { name: "Upload picture" })).not.toBeInTheDocument();
    await user.click(within(created).getByRole("button", { name: "Cancel" }));

    await user.click(within(tees).getByRole("button", { name: "Edit Tees" }));
    const dialog = await screen.findByRole("dialog", { name: "Edit Tees" });
    expect(within(dialog).getByRole("img", { name: "Tees" })).toHaveAttribute("src", "/media/categories/tees.svg");
    expect(within(dialog).getByRole("button", { name: "Remove picture" })).toBeInTheDocument();
  });
});
