import { useEffect, useRef, useState, type KeyboardEvent, type ReactNode } from 'react';
import { EditorContent, mergeAttributes, Node, useEditor, useEditorState, type Editor } from '@tiptap/react';
import StarterKit from '@tiptap/starter-kit';
import { LinkModal } from './PostLinkModal';
import './PostRichText.css';

/**
 * Pictures in a body (the server keeps http(s) and our own /api/files/… images, docs/product.md#posts):
 * the editor has no image button, but it must not drop the ones a post already holds when it is edited.
 */
const Picture = Node.create({
  name: 'image',
  group: 'block',
  atom: true,
  draggable: true,
  addAttributes: () => ({ src: { default: null }, alt: { default: null } }),
  parseHTML: () => [{ tag: 'img[src]' }],
  renderHTML: ({ HTMLAttributes }) => ['img', mergeAttributes(HTMLAttributes)],
});

/** Exactly what the server's sanitiser keeps: h2–h4, no h1; links open in a new tab. */
const EXTENSIONS = [
  StarterKit.configure({
    heading: { levels: [2, 3, 4] },
    link: {
      openOnClick: false,
      // Without autolink the link mark is not "inclusive": typing right after a link is plain text.
      autolink: false,
      protocols: ['mailto'],
      defaultProtocol: 'https',
      HTMLAttributes: { target: '_blank', rel: 'noopener noreferrer nofollow' },
    },
  }),
  Picture,
];

const glyph = (path: string) => (
  <svg
    width="18"
    height="18"
    viewBox="0 0 24 24"
    fill="none"
    stroke="currentColor"
    strokeWidth="2"
    strokeLinecap="round"
    strokeLinejoin="round"
    aria-hidden="true"
  >
    <path d={path} />
  </svg>
);

type Tool = {
  name: string;
  label: string;
  shortcut?: string;
  icon: ReactNode;
  active: (state: ToolState) => boolean;
  run: (editor: Editor) => void;
};
type ToolState = Record<
  'bold' | 'italic' | 'heading' | 'subheading' | 'bulletList' | 'orderedList' | 'blockquote' | 'link' | 'empty',
  boolean
>;

const TOOLS: readonly Tool[] = [
  {
    name: 'bold',
    label: 'Bold',
    shortcut: 'Ctrl+B',
    icon: glyph('M7 5h6a3.5 3.5 0 0 1 0 7H7zm0 7h7a3.5 3.5 0 0 1 0 7H7z'),
    active: (s) => s.bold,
    run: (e) => e.chain().focus().toggleBold().run(),
  },
  {
    name: 'italic',
    label: 'Italic',
    shortcut: 'Ctrl+I',
    icon: glyph('M14 5h-4m4 14h-4M14 5l-4 14'),
    active: (s) => s.italic,
    run: (e) => e.chain().focus().toggleItalic().run(),
  },
  {
    name: 'heading',
    label: 'Heading',
    icon: <span className="post-rich-text__letters">H2</span>,
    active: (s) => s.heading,
    run: (e) => e.chain().focus().toggleHeading({ level: 2 }).run(),
  },
  {
    name: 'subheading',
    label: 'Subheading',
    icon: <span className="post-rich-text__letters">H3</span>,
    active: (s) => s.subheading,
    run: (e) => e.chain().focus().toggleHeading({ level: 3 }).run(),
  },
  {
    name: 'bulletList',
    label: 'Bulleted list',
    icon: glyph('M9 6h11M9 12h11M9 18h11M4.5 6h.01M4.5 12h.01M4.5 18h.01'),
    active: (s) => s.bulletList,
    run: (e) => e.chain().focus().toggleBulletList().run(),
  },
  {
    name: 'orderedList',
    label: 'Numbered list',
    icon: glyph('M10 6h10M10 12h10M10 18h10M4 5l1.5-1V9M3.5 15.5c.5-1 2.5-1 2.5.2 0 .9-2.5 1.8-2.5 3.3H6'),
    active: (s) => s.orderedList,
    run: (e) => e.chain().focus().toggleOrderedList().run(),
  },
  {
    name: 'blockquote',
    label: 'Quote',
    icon: glyph(
      'M6 17c-1.5 0-2.5-1.2-2.5-3 0-3 1.8-5.5 4.5-7M15 17c-1.5 0-2.5-1.2-2.5-3 0-3 1.8-5.5 4.5-7M3.5 14a2.5 2.5 0 1 0 5 0 2.5 2.5 0 0 0-5 0m9 0a2.5 2.5 0 1 0 5 0 2.5 2.5 0 0 0-5 0',
    ),
    active: (s) => s.blockquote,
    run: (e) => e.chain().focus().toggleBlockquote().run(),
  },
];

const LINK_ICON = glyph('M10 14a4 4 0 0 0 5.7 0l3-3a4 4 0 0 0-5.7-5.7l-1 1M14 10a4 4 0 0 0-5.7 0l-3 3a4 4 0 0 0 5.7 5.7l1-1');

type PostRichTextProps = {
  /** The HTML the editor starts from (it is read once, when the editor is made). */
  initialHtml: string;
  /** Called with the body's HTML ('' when empty) on every change. */
  onChange: (html: string) => void;
  /** Called once with the body as the editor writes it, so "unchanged" compares like with like. */
  onReady?: (html: string) => void;
  labelId: string;
  describedBy?: string;
  invalid?: boolean;
};

const htmlOf = (editor: Editor) => (editor.isEmpty ? '' : editor.getHTML());

/** Which tools are on for the selection, and whether the body is empty. */
function useToolState(editor: Editor): ToolState {
  return useEditorState({
    editor,
    selector: ({ editor: e }): ToolState => ({
      bold: e?.isActive('bold') ?? false,
      italic: e?.isActive('italic') ?? false,
      heading: e?.isActive('heading', { level: 2 }) ?? false,
      subheading: e?.isActive('heading', { level: 3 }) ?? false,
      bulletList: e?.isActive('bulletList') ?? false,
      orderedList: e?.isActive('orderedList') ?? false,
      blockquote: e?.isActive('blockquote') ?? false,
      link: e?.isActive('link') ?? false,
      empty: e?.isEmpty ?? true,
    }),
  });
}

/** One Tab stop for the toolbar; the arrow keys, Home and End move between its buttons. */
function useRovingToolbar(buttonCount: number) {
  const [focusIndex, setFocusIndex] = useState(0);
  const toolbar = useRef<HTMLDivElement>(null);
  const onToolbarKey = (event: KeyboardEvent<HTMLDivElement>) => {
    const moves: Record<string, number> = { ArrowRight: 1, ArrowLeft: -1 };
    let next: number | null = null;
    if (event.key in moves) next = (focusIndex + moves[event.key]! + buttonCount) % buttonCount;
    else if (event.key === 'Home') next = 0;
    else if (event.key === 'End') next = buttonCount - 1;
    if (next === null) return;
    event.preventDefault();
    setFocusIndex(next);
    toolbar.current?.querySelectorAll<HTMLButtonElement>('button')[next]?.focus();
  };
  return { focusIndex, setFocusIndex, toolbar, onToolbarKey };
}

/** The link dialog: opened on the link under the caret, then set, removed or inserted. */
function useLinkEditing(editor: Editor | null) {
  const [linking, setLinking] = useState<{ href: string } | null>(null);

  const openLink = () => {
    if (!editor) return;
    setLinking({ href: (editor.getAttributes('link').href as string | undefined) ?? '' });
  };

  const applyLink = (href: string | null) => {
    setLinking(null);
    if (!editor) return;
    const chain = editor.chain().focus().extendMarkRange('link');
    if (href === null) chain.unsetLink().run();
    else if (editor.state.selection.empty && !editor.isActive('link'))
      chain.insertContent({ type: 'text', text: href.replace(/^mailto:/, ''), marks: [{ type: 'link', attrs: { href } }] }).run();
    else chain.setLink({ href }).run();
    // The caret goes after the link, so what is typed next is plain text and replaces nothing.
    editor.commands.setTextSelection(editor.state.selection.to);
  };

  return { linking, openLink, applyLink, cancelLink: () => setLinking(null) };
}

/**
 * The post body's rich-text editor (Tiptap): a toolbar of the formatting the site keeps. The toolbar
 * is one Tab stop; the arrow keys move between its buttons (the ARIA toolbar pattern).
 */
export function PostRichText({ initialHtml, onChange, onReady, labelId, describedBy, invalid }: PostRichTextProps) {
  const changeRef = useRef(onChange);
  const readyRef = useRef(onReady);
  useEffect(() => {
    changeRef.current = onChange;
    readyRef.current = onReady;
  });
  const editor = useEditor({
    extensions: EXTENSIONS,
    content: initialHtml,
    immediatelyRender: true,
    editorProps: {
      attributes: {
        class: 'post-rich-text__content post-body-preview',
        role: 'textbox',
        'aria-multiline': 'true',
        'aria-labelledby': labelId,
        ...(describedBy ? { 'aria-describedby': describedBy } : {}),
        ...(invalid ? { 'aria-invalid': 'true' } : {}),
      },
    },
    onCreate: ({ editor: created }) => readyRef.current?.(htmlOf(created)),
    onUpdate: ({ editor: changed }) => changeRef.current(htmlOf(changed)),
  });

  const state = useToolState(editor);
  const { focusIndex, setFocusIndex, toolbar, onToolbarKey } = useRovingToolbar(TOOLS.length + 1);
  const { linking, openLink, applyLink, cancelLink } = useLinkEditing(editor);

  return (
    <div className={['post-rich-text', invalid && 'post-rich-text--invalid'].filter(Boolean).join(' ')}>
      <div ref={toolbar} className="post-rich-text__toolbar" role="toolbar" aria-label="Formatting" onKeyDown={onToolbarKey}>
        {TOOLS.map((tool, index) => (
          <button
            key={tool.name}
            type="button"
            className="post-rich-text__tool"
            aria-label={tool.label}
            title={tool.shortcut ? `${tool.label} (${tool.shortcut})` : tool.label}
            aria-pressed={tool.active(state)}
            tabIndex={index === focusIndex ? 0 : -1}
            onFocus={() => setFocusIndex(index)}
            onMouseDown={(event) => event.preventDefault()}
            onClick={() => editor && tool.run(editor)}
          >
            {tool.icon}
          </button>
        ))}
        <span className="post-rich-text__divider" aria-hidden="true" />
        <button
          type="button"
          className="post-rich-text__tool"
          aria-label="Link"
          title="Link"
          aria-pressed={state.link}
          tabIndex={focusIndex === TOOLS.length ? 0 : -1}
          onFocus={() => setFocusIndex(TOOLS.length)}
          onMouseDown={(event) => event.preventDefault()}
          onClick={openLink}
        >
          {LINK_ICON}
        </button>
      </div>
      <div className="post-rich-text__frame">
        {state.empty ? (
          <p className="post-rich-text__placeholder" aria-hidden="true">
            Write your post. Select text to format it with the toolbar.
          </p>
        ) : null}
        <EditorContent editor={editor} />
      </div>
      {linking ? <LinkModal initial={linking.href} onDone={applyLink} onCancel={cancelLink} /> : null}
    </div>
  );
}
