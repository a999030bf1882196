import { act, render, screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import type { TiptapEditorHTMLElement } from "@tiptap/core";
import { lazy, Suspense, useState } from "react";
import { Controller, useForm } from "react-hook-form";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { Field } from "../../components/field";
import { hrefOf, RichTextEditor } from "./rich-text-editor";

// jsdom lays nothing out; ProseMirror measures the selection to scroll it into view.
const emptyRects = () => Object.assign([], { item: () => null }) as unknown as DOMRectList;
const zeroRect = () => new DOMRect(0, 0, 0, 0);
const patched = [Range.prototype, Element.prototype] as const;
const originals = patched.map((proto) => ({
  getClientRects: Object.getOwnPropertyDescriptor(proto, "getClientRects"),
  getBoundingClientRect: Object.getOwnPropertyDescriptor(proto, "getBoundingClientRect"),
}));
beforeAll(() => {
  for (const proto of patched) {
    Object.defineProperty(proto, "getClientRects", { configurable: true, value: emptyRects });
    Object.defineProperty(proto, "getBoundingClientRect", { configurable: true, value: zeroRect });
  }
});
afterAll(() => {
  patched.forEach((proto, index) => {
    for (const [name, descriptor] of Object.entries(originals[index] ?? {})) {
      if (descriptor) Object.defineProperty(proto, name, descriptor);
      else Reflect.deleteProperty(proto, name);
    }
  });
});

/** The editor as a labelled field would hold it, with the form's value echoed back. */
function Harness({ initial, onChange }: { initial: string; onChange: (html: string) => void }) {
  const [value, setValue] = useState(initial);
  return (
    <div>
      <label id="desc-label" htmlFor="desc">
        Description
      </label>
      <RichTextEditor
        id="desc"
        value={value}
        onChange={(html) => {
          setValue(html);
          onChange(html);
        }}
        aria-describedby="desc-hint"
      />
      <p id="desc-hint">Headings, lists, bold and links.</p>
      <button type="button" onClick={() => setValue("<p>Reset from outside</p>")}>
        Reset
      </button>
    </div>
  );
}

function setup(initial: string) {
  const onChange = vi.fn();
  const view = render(<Harness initial={initial} onChange={onChange} />);
  const area = screen.getByRole("textbox", { name: "Description" });
  const editor = (area as TiptapEditorHTMLElement).editor!;
  const toolbar = screen.getByRole("toolbar", { name: "Formatting" });
  const button = (name: string) => within(toolbar).getByRole("button", { name });
  return { ...view, onChange, area, editor, button };
}

/** Selects text by document positions, as the toolbar would find it after a drag. */
function select(editor: TiptapEditorHTMLElement["editor"], from: number, to: number) {
  act(() => {
    editor?.commands.setTextSelection({ from, to });
  });
}

describe("RichTextEditor", () => {
  it("shows the value in a labelled, described multi-line textbox and never calls onChange on load", async () => {
    // Ends with a list, and its items hold bare text: loading must not "fix" either into an edit.
    const initial = '<h3>Fabric</h3><p>Wash <a href="https://vaki.test/care">cold</a></p><ul><li>Soft cotton</li></ul>';
    const { area, onChange, button } = setup(initial);
    expect(area).toHaveAttribute("aria-multiline", "true");
    expect(area).toHaveAccessibleDescription("Headings, lists, bold and links.");
    expect(within(area).getByRole("heading", { level: 3, name: "Fabric" })).toBeInTheDocument();
    expect(within(area).getByRole("listitem")).toHaveTextContent("Soft cotton");
    expect(within(area).getByRole("link", { name: "cold" })).toHaveAttribute("href", "https://vaki.test/care");
    // The cursor starts in the heading.
    expect(button("Heading")).toHaveAttribute("aria-pressed", "true");
    for (const name of ["Bold", "Italic", "Bulleted list", "Numbered list", "Link"]) {
      expect(button(name)).toHaveAttribute("aria-pressed", "false");
    }
    expect(button("Remove link")).toHaveAttribute("aria-disabled", "true");
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(onChange).not.toHaveBeenCalled();
  });

  it("takes a new value from outside (a form reset) without reporting it as an edit", async () => {
    const user = userEvent.setup();
    const { area, onChange } = setup("<p>Before</p>");
    await user.click(screen.getByRole("button", { name: "Reset" }));
    expect(area).toHaveTextContent("Reset from outside");
    expect(onChange).not.toHaveBeenCalled();
  });

  it("makes the selection bold, then a bulleted list, with the buttons pressed to match", async () => {
    const user = userEvent.setup();
    const { editor, onChange, button } = setup("<p>Soft cotton tee</p>");
    // "Soft" is positions 1–5 inside the paragraph.
    select(editor, 1, 5);
    await user.click(button("Bold"));
    expect(onChange).toHaveBeenLastCalledWith("<p><strong>Soft</strong> cotton tee</p>");
    expect(button("Bold")).toHaveAttribute("aria-pressed", "true");

    await user.click(button("Bulleted list"));
    expect(onChange).toHaveBeenLastCalledWith("<ul><li><p><strong>Soft</strong> cotton tee</p></li></ul>");
    expect(button("Bulleted list")).toHaveAttribute("aria-pressed", "true");
    expect(button("Numbered list")).toHaveAttribute("aria-pressed", "false");

    await user.click(button("Bold"));
    expect(button("Bold")).toHaveAttribute("aria-pressed", "false");
    expect(onChange).toHaveBeenLastCalledWith("<ul><li><p>Soft cotton tee</p></li></ul>");
  });

  it("turns a paragraph into the h3 heading and italicises, in tags the server's sanitiser keeps", async () => {
    const user = userEvent.setup();
    const { editor, onChange, button } = setup("<p>Care</p><p>Wash cold</p>");
    select(editor, 2, 2);
    await user.click(button("Heading"));
    expect(button("Heading")).toHaveAttribute("aria-pressed", "true");
    select(editor, 7, 11);
    await user.click(button("Italic"));
    await user.click(button("Numbered list"));
    const html = onChange.mock.lastCall?.[0] as string;
    expect(html).toBe("<h3>Care</h3><ol><li><p><em>Wash</em> cold</p></li></ol>");
    // Only the sanitiser's allow-list: no h1/h2, no style, no class.
    expect(html).not.toMatch(/<h[12456]|style=|class=/);
  });

  it("reads pasted-in headings of other levels as the h3", () => {
    const { area } = setup("<h2>Story</h2><h1>Fit</h1>");
    expect(
      within(area)
        .getAllByRole("heading", { level: 3 })
        .map((heading) => heading.textContent),
    ).toEqual(["Story", "Fit"]);
  });

  it("keeps at its first edit what the server's sanitiser keeps: h4, h5, quotes, underline, rules, tel links", async () => {
    const kept =
      '<h4>Care</h4><h5>Note</h5><blockquote><p>Soft as it gets</p></blockquote><p><u>Cold</u> wash</p><hr><p><a rel="noopener noreferrer" href="tel:+919876543210">Call us</a></p>';
    const { editor, onChange } = setup(`${kept}<h6>Small print</h6>`);
    act(() => {
      editor?.chain().focus("end").insertContent(".").run();
    });
    expect(onChange).toHaveBeenLastCalledWith(`${kept}<h5>Small print.</h5>`);
  });

  it("gives an empty string once everything is deleted", async () => {
    const user = userEvent.setup();
    const { editor, onChange, button } = setup("<p>Gone</p>");
    select(editor, 1, 5);
    await user.click(button("Bold"));
    act(() => {
      editor?.commands.clearContent(true);
    });
    expect(onChange).toHaveBeenLastCalledWith("");
  });

  it("applies a link to the selection through the inline form, and removes it again", async () => {
    const user = userEvent.setup();
    const { editor, onChange, button } = setup("<p>See the size chart</p>");
    select(editor, 9, 19);
    await user.click(button("Link"));
    expect(button("Link")).toHaveAttribute("aria-expanded", "true");
    const address = screen.getByRole("textbox", { name: "Link address" });
    expect(address).toHaveFocus();

    await user.type(address, "javascript:alert(1)");
    await user.click(screen.getByRole("button", { name: "Apply link" }));
    expect(screen.getByText("Enter a web address (https://…) or an e-mail address.")).toBeInTheDocument();
    expect(onChange).not.toHaveBeenCalled();

    await user.clear(address);
    await user.type(address, "vaki.test/size-chart{Enter}");
    expect(screen.queryByRole("textbox", { name: "Link address" })).not.toBeInTheDocument();
    expect(onChange).toHaveBeenLastCalledWith(
      '<p>See the <a rel="noopener noreferrer" href="https://vaki.test/size-chart">size chart</a></p>',
    );
    expect(button("Link")).toHaveAttribute("aria-pressed", "true");
    expect(button("Remove link")).not.toHaveAttribute("aria-disabled");

    await user.click(button("Remove link"));
    expect(onChange).toHaveBeenLastCalledWith("<p>See the size chart</p>");
    expect(button("Link")).toHaveAttribute("aria-pressed", "false");
  });

  it("inserts the address as linked text when nothing is selected, and cancels with Escape", async () => {
    const user = userEvent.setup();
    const { editor, onChange, button } = setup("<p>Write to .</p>");
    // After "Write to ": position 1 opens the paragraph.
    select(editor, 10, 10);
    await user.click(button("Link"));
    await user.keyboard("{Escape}");
    expect(screen.queryByRole("textbox", { name: "Link address" })).not.toBeInTheDocument();
    expect(onChange).not.toHaveBeenCalled();

    await user.click(button("Link"));
    await user.type(screen.getByRole("textbox", { name: "Link address" }), "care@vaki.test");
    await user.click(screen.getByRole("button", { name: "Apply link" }));
    expect(onChange).toHaveBeenLastCalledWith(
      '<p>Write to <a rel="noopener noreferrer" href="mailto:care@vaki.test">care@vaki.test</a>.</p>',
    );
  });

  it("moves between the toolbar's buttons with the arrow keys as one tab stop", async () => {
    const user = userEvent.setup();
    const { button } = setup("<p>Text</p>");
    expect(button("Heading")).toHaveAttribute("tabindex", "0");
    expect(button("Bold")).toHaveAttribute("tabindex", "-1");
    button("Heading").focus();
    await user.keyboard("{ArrowRight}");
    expect(button("Bold")).toHaveFocus();
    expect(button("Bold")).toHaveAttribute("tabindex", "0");
    await user.keyboard("{ArrowLeft}{ArrowLeft}");
    expect(button("Remove link")).toHaveFocus();
    await user.keyboard("{Home}");
    expect(button("Heading")).toHaveFocus();
  });

  it("keeps TipTap's shortcuts: Ctrl+B bolds the selection", async () => {
    const user = userEvent.setup();
    const { editor, area, onChange } = setup("<p>Soft cotton</p>");
    act(() => area.focus());
    select(editor, 1, 5);
    expect(area).toHaveFocus();
    await user.keyboard("{Control>}b{/Control}");
    expect(onChange).toHaveBeenLastCalledWith("<p><strong>Soft</strong> cotton</p>");
  });
});

const LazyEditor = lazy(() => import("./rich-text-editor"));

/** As the product form holds it: lazy, inside Field, driven by react-hook-form's Controller. */
function FormHarness() {
  const form = useForm({ defaultValues: { descriptionHtml: "<p>Soft cotton</p>" } });
  return (
    <form>
      <Field id="edit-description" label="Description" hint="Formatting is kept.">
        {(aria) => (
          <Suspense fallback={null}>
            <Controller
              control={form.control}
              name="descriptionHtml"
              render={({ field }) => (
                <LazyEditor
                  id={aria.id}
                  aria-describedby={aria["aria-describedby"]}
                  aria-invalid={aria["aria-invalid"]}
                  value={field.value}
                  onChange={field.onChange}
                  onBlur={field.onBlur}
                />
              )}
            />
          </Suspense>
        )}
      </Field>
      <output>{form.formState.isDirty ? "Unsaved changes" : "No changes"}</output>
    </form>
  );
}

describe("RichTextEditor in the product form", () => {
  it("is named by Field's label, loads lazily, and leaves the form clean until edited", async () => {
    const user = userEvent.setup();
    render(<FormHarness />);
    const area = await screen.findByRole("textbox", { name: "Description" });
    expect(area).toHaveAccessibleDescription("Formatting is kept.");
    expect(screen.getByRole("status")).toHaveTextContent("No changes");
    select((area as TiptapEditorHTMLElement).editor, 1, 5);
    await user.click(screen.getByRole("button", { name: "Italic" }));
    expect(screen.getByRole("status")).toHaveTextContent("Unsaved changes");
  });
});

describe("hrefOf", () => {
  it("accepts web and e-mail addresses and refuses other schemes", () => {
    expect(hrefOf(" https://vaki.test/a ")).toBe("https://vaki.test/a");
    expect(hrefOf("http://vaki.test")).toBe("http://vaki.test");
    expect(hrefOf("vaki.test/size")).toBe("https://vaki.test/size");
    expect(hrefOf("care@vaki.test")).toBe("mailto:care@vaki.test");
    expect(hrefOf("mailto:care@vaki.test")).toBe("mailto:care@vaki.test");
    expect(hrefOf("javascript:alert(1)")).toBeNull();
    expect(hrefOf("/relative")).toBeNull();
    expect(hrefOf("https://localhost")).toBeNull();
    expect(hrefOf("two words.com")).toBeNull();
    expect(hrefOf("")).toBeNull();
  });
});
