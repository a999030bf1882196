import { Heading } from "@tiptap/extension-heading";
import { Link } from "@tiptap/extension-link";
import { type Editor, EditorContent, useEditor, useEditorState } from "@tiptap/react";
import { StarterKit } from "@tiptap/starter-kit";
import { Bold, Heading3, Italic, Link2, Link2Off, List, ListOrdered } from "lucide-react";
import { type KeyboardEvent, type ReactNode, useEffect, useId, useMemo, useRef, useState } from "react";

export interface RichTextEditorProps {
  /** Given to the editable area, so the field's ids (`<id>-label`, hints, errors) line up with it. */
  id: string;
  value: string;
  onChange(html: string): void;
  onBlur?(): void;
  /** The label's id; defaults to `<id>-label`, the id `Field` gives its label. */
  "aria-labelledby"?: string;
  "aria-describedby"?: string;
  "aria-invalid"?: boolean;
}

/** The heading level the toolbar makes: the highest the server's sanitiser keeps, under the page's own headings. */
const HEADING_LEVEL = 3;

/** The sanitiser's heading levels (h3–h5): pasted h1/h2 become the h3, an h6 the h5. */
const headingLevelOf = (tag: number) => Math.min(5, Math.max(HEADING_LEVEL, tag)) as 3 | 4 | 5;

const allowedHref = /^(https?:\/\/|mailto:|tel:)/i;

/**
 * What `catalog/sanitize.ts` keeps, so a description written elsewhere (the CSV import, older
 * copy) loses nothing at its first edit: paragraphs, h3–h5, bold, italic, underline, lists, quotes,
 * rules, line breaks and http(s)/mailto/tel links. The toolbar offers the everyday part of it.
 */
const extensions = [
  StarterKit.configure({
    heading: false,
    link: false,
    code: false,
    codeBlock: false,
    strike: false,
    // It would add an empty <p></p> after a closing list or heading at the first edit.
    trailingNode: false,
  }),
  Heading.extend({
    parseHTML() {
      return [1, 2, 3, 4, 5, 6].map((level) => ({ tag: `h${level}`, attrs: { level: headingLevelOf(level) } }));
    },
  }).configure({ levels: [3, 4, 5] }),
  Link.configure({
    openOnClick: false,
    autolink: true,
    defaultProtocol: "https",
    // The same rel the server writes, and no target: the saved HTML then matches what comes back.
    HTMLAttributes: { rel: "noopener noreferrer", target: null },
    isAllowedUri: (url) => allowedHref.test(url),
  }),
];

/** The editor's HTML, with an empty document as "" so a cleared field is really empty. */
function htmlOf(editor: Editor): string {
  return editor.isEmpty ? "" : editor.getHTML();
}

/**
 * A typed link address as an href: web addresses get https:// when they have no scheme, e-mail
 * addresses mailto:. Anything else (javascript:, relative paths, spaces) is refused.
 */
export function hrefOf(typed: string): string | null {
  const text = typed.trim();
  if (!text || /\s/.test(text)) return null;
  if (/^mailto:[^@]+@[^@]+\.[^@]+$/i.test(text)) return text;
  if (/^[^@/:]+@[^@/:]+\.[^@/:]+$/.test(text)) return `mailto:${text}`;
  const candidate = /^https?:\/\//i.test(text) ? text : /^[^/:]+\.[^/:]+/.test(text) ? `https://${text}` : null;
  if (!candidate) return null;
  try {
    const url = new URL(candidate);
    return url.hostname.includes(".") ? candidate : null;
  } catch {
    return null;
  }
}

const linkAddressInvalid = "Enter a web address (https://…) or an e-mail address.";

/**
 * Rich text for product descriptions (TipTap), standing where a textarea would under
 * react-hook-form's Controller. Loading a value never calls onChange; only edits do.
 */
export function RichTextEditor({
  id,
  value,
  onChange,
  onBlur,
  "aria-labelledby": labelledBy,
  "aria-describedby": describedBy,
  "aria-invalid": invalid,
}: RichTextEditorProps) {
  // TipTap registers its callbacks once; the refs let them call the latest props.
  const onChangeRef = useRef(onChange);
  const onBlurRef = useRef(onBlur);
  onChangeRef.current = onChange;
  onBlurRef.current = onBlur;
  // The last HTML this editor gave or was given, so a new value from outside (a reset) is told
  // apart from the echo of its own edit.
  const lastValue = useRef(value);
  const [initialValue] = useState(value);

  const attributes = useMemo(() => {
    const result: Record<string, string> = {
      id,
      role: "textbox",
      "aria-multiline": "true",
      "aria-labelledby": labelledBy ?? `${id}-label`,
      class: "rich-text__area",
    };
    if (describedBy) result["aria-describedby"] = describedBy;
    if (invalid) result["aria-invalid"] = "true";
    return result;
  }, [id, labelledBy, describedBy, invalid]);
  const editorProps = useMemo(() => ({ attributes }), [attributes]);

  const editor = useEditor({
    extensions,
    content: initialValue,
    editorProps,
    immediatelyRender: true,
    shouldRerenderOnTransaction: false,
    onUpdate: ({ editor: current }) => {
      const html = htmlOf(current);
      lastValue.current = html;
      onChangeRef.current(html);
    },
    onBlur: () => onBlurRef.current?.(),
  });

  useEffect(() => {
    if (!editor || value === lastValue.current) return;
    lastValue.current = value;
    editor.commands.setContent(value, { emitUpdate: false });
  }, [editor, value]);

  return (
    <div className="rich-text">
      {editor ? <Toolbar editor={editor} /> : null}
      <EditorContent editor={editor} />
    </div>
  );
}

export default RichTextEditor;

function Toolbar({ editor }: { editor: Editor }) {
  const active = useEditorState({
    editor,
    selector: ({ editor: current }) => ({
      heading: current.isActive("heading", { level: HEADING_LEVEL }),
      bold: current.isActive("bold"),
      italic: current.isActive("italic"),
      bulletList: current.isActive("bulletList"),
      orderedList: current.isActive("orderedList"),
      link: current.isActive("link"),
    }),
  });
  const [linkFormOpen, setLinkFormOpen] = useState(false);
  const linkFormId = useId();
  const buttons = useRef<(HTMLButtonElement | null)[]>([]);
  const [current, setCurrent] = useState(0);

  const run = (command: (chain: ReturnType<Editor["chain"]>) => ReturnType<Editor["chain"]>) =>
    command(editor.chain().focus()).run();

  const items: ToolbarItem[] = [
    {
      label: "Heading",
      icon: <Heading3 aria-hidden size={16} />,
      pressed: active.heading,
      onPress: () => run((chain) => chain.toggleHeading({ level: HEADING_LEVEL })),
    },
    {
      label: "Bold",
      icon: <Bold aria-hidden size={16} />,
      pressed: active.bold,
      onPress: () => run((chain) => chain.toggleBold()),
    },
    {
      label: "Italic",
      icon: <Italic aria-hidden size={16} />,
      pressed: active.italic,
      onPress: () => run((chain) => chain.toggleItalic()),
    },
    {
      label: "Bulleted list",
      icon: <List aria-hidden size={16} />,
      pressed: active.bulletList,
      onPress: () => run((chain) => chain.toggleBulletList()),
    },
    {
      label: "Numbered list",
      icon: <ListOrdered aria-hidden size={16} />,
      pressed: active.orderedList,
      onPress: () => run((chain) => chain.toggleOrderedList()),
    },
    {
      label: "Link",
      icon: <Link2 aria-hidden size={16} />,
      pressed: active.link,
      expanded: linkFormOpen,
      controls: linkFormId,
      onPress: () => setLinkFormOpen((open) => !open),
    },
    {
      label: "Remove link",
      icon: <Link2Off aria-hidden size={16} />,
      // An action, not a state: unavailable (yet still focusable in the toolbar) outside a link.
      disabled: !active.link,
      onPress: () => run((chain) => chain.extendMarkRange("link").unsetLink()),
    },
  ];

  // Roving tabindex: the toolbar is one tab stop, the arrow keys move within it.
  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    const last = items.length - 1;
    const next =
      event.key === "ArrowRight"
        ? current === last
          ? 0
          : current + 1
        : event.key === "ArrowLeft"
          ? current === 0
            ? last
            : current - 1
          : event.key === "Home"
            ? 0
            : event.key === "End"
              ? last
              : null;
    if (next === null) return;
    event.preventDefault();
    setCurrent(next);
    buttons.current[next]?.focus();
  };

  return (
    <>
      <div className="rich-text__toolbar" role="toolbar" aria-label="Formatting" onKeyDown={onKeyDown}>
        {items.map((item, index) => (
          <button
            key={item.label}
            ref={(element) => {
              buttons.current[index] = element;
            }}
            type="button"
            className="rich-text__button"
            tabIndex={index === current ? 0 : -1}
            title={item.label}
            aria-pressed={item.pressed}
            aria-expanded={item.expanded}
            aria-controls={item.expanded ? item.controls : undefined}
            aria-disabled={item.disabled || undefined}
            // Keep the editor's focus and selection when the pointer presses a button.
            onMouseDown={(event) => event.preventDefault()}
            onFocus={() => setCurrent(index)}
            onClick={() => {
              if (!item.disabled) item.onPress();
            }}
          >
            {item.icon}
            <span className="visually-hidden">{item.label}</span>
          </button>
        ))}
      </div>
      {linkFormOpen ? (
        <LinkForm
          id={linkFormId}
          initial={(editor.getAttributes("link").href as string | undefined) ?? ""}
          onApply={(href, typed) => {
            const { empty } = editor.state.selection;
            if (empty && !editor.isActive("link")) {
              // Nothing selected: the address itself becomes the linked text.
              run((chain) =>
                chain.insertContent({ type: "text", text: typed, marks: [{ type: "link", attrs: { href } }] }),
              );
            } else {
              run((chain) => chain.extendMarkRange("link").setLink({ href }));
            }
            setLinkFormOpen(false);
          }}
          onCancel={() => {
            setLinkFormOpen(false);
            editor.commands.focus();
          }}
        />
      ) : null}
    </>
  );
}

interface ToolbarItem {
  label: string;
  icon: ReactNode;
  pressed?: boolean;
  expanded?: boolean;
  controls?: string;
  disabled?: boolean;
  onPress(): void;
}

/**
 * The link address, inline under the toolbar. Not a <form>: it sits inside the product's form,
 * and Enter here must apply the link rather than submit the product.
 */
function LinkForm({
  id,
  initial,
  onApply,
  onCancel,
}: {
  id: string;
  initial: string;
  onApply(href: string, typed: string): void;
  onCancel(): void;
}) {
  const [address, setAddress] = useState(initial);
  const [error, setError] = useState<string | null>(null);
  const input = useRef<HTMLInputElement>(null);
  const inputId = `${id}-address`;
  useEffect(() => input.current?.focus(), []);

  const apply = () => {
    const href = hrefOf(address);
    if (!href) {
      setError(linkAddressInvalid);
      input.current?.focus();
      return;
    }
    onApply(href, address.trim());
  };

  return (
    <fieldset id={id} className="rich-text__link">
      <legend className="visually-hidden">Link</legend>
      <label htmlFor={inputId}>Link address</label>
      <div className="rich-text__link-row">
        <input
          ref={input}
          id={inputId}
          className="input input--compact"
          type="text"
          inputMode="url"
          autoComplete="off"
          placeholder="https://"
          value={address}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `${inputId}-error` : undefined}
          onChange={(event) => {
            setAddress(event.target.value);
            setError(null);
          }}
          onKeyDown={(event) => {
            if (event.key === "Enter") {
              event.preventDefault();
              apply();
            } else if (event.key === "Escape") {
              event.preventDefault();
              onCancel();
            }
          }}
        />
        <button type="button" className="button button--small" onClick={apply}>
          Apply link
        </button>
        <button type="button" className="button button--small button--secondary" onClick={onCancel}>
          Cancel
        </button>
      </div>
      {error ? (
        <p id={`${inputId}-error`} className="field__error">
          {error}
        </p>
      ) : null}
    </fieldset>
  );
}
