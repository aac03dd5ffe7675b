/**
 * The editor itself: loaded lazily by the shell (RichTextEditor.tsx), so Tiptap never weighs on a
 * page until an editor is on screen. Created on mount, destroyed on unmount (spec §4).
 */
import { useContext, useEffect, useImperativeHandle, useLayoutEffect, useMemo, useRef, useState, type Context } from 'react';
import { App, ConfigProvider, Form, Progress } from 'antd';
import type { Editor } from '@tiptap/core';
import { EditorContent, useEditor } from '@tiptap/react';
import { countRichTextCharacters } from '@dandelion/shared';
import { ChangeGate, FROM_TOOLBAR, typedCharacters } from './changeGate';
import { buildExtensions, enabledFeatures } from './extensions';
import { ImageLibrary } from './ImageLibrary';
import { LinkDialog, type LinkValue } from './LinkDialog';
import { cssLength, type ResolvedEditorProps } from './props';
import { Toolbar } from './Toolbar';
import { IMAGE_ACCEPT, useImageUploads } from './useImageUploads';
import '../RichTextView/rich-text.css';
import './editor.css';

/** Marks a transaction that puts the form's value into the editor: it is never sent back as a change. */
const FROM_OUTSIDE = 'dandelionFromOutside';

/**
 * The enclosing Form.Item's validation status. antd hangs the context on Form.Item.useStatus for
 * packages like this one; the hook itself warns when used outside a Form.Item, where this editor
 * may well be.
 */
const FormItemStatus = (Form.Item.useStatus as unknown as { Context: Context<{ status?: string } | undefined> }).Context;

/**
 * The HTML to store: '' for an empty editor (one empty paragraph), and without the empty paragraphs Tiptap keeps after a
 * final table, list or heading so the cursor can get below it (they come back when it loads).
 */
const htmlOf = (editor: Editor) => editor.getHTML().replace(/(?:<p><\/p>)+$/, '');

/** The providers the editor's popups need: their z-index (spec §9 zIndex) and a message API under it. */
export default function EditorCore(props: ResolvedEditorProps) {
  return (
    <ConfigProvider theme={{ token: { zIndexPopupBase: props.zIndex } }}>
      <App component={false}>
        <EditorFrame {...props} />
      </App>
    </ConfigProvider>
  );
}

function EditorFrame(props: ResolvedEditorProps) {
  const { value, id, width, height, minWidth, minHeight, items, htmlTags, fontSizes, themeType, bodyClass } = props;
  const { uploadJson, fileManagerJson, filePostName, zIndex, minChangeSize, loadDelay, maxLength, placeholder } = props;
  const { message } = App.useApp();
  const formDisabled = ConfigProvider.useConfig().componentDisabled ?? false;
  const itemStatus = useContext(FormItemStatus)?.status;
  const status = props.status ?? itemStatus;
  const editable = !(props.readonly || props.disabled || formDisabled);

  // The tag list is compared by content: a new array with the same tags keeps the editor.
  const tagsKey = htmlTags.join(',');
  const tags = useMemo(() => (tagsKey ? tagsKey.split(',') : []), [tagsKey]);
  const headingLevels = useMemo(() => enabledFeatures(tags).headingLevels, [tags]);
  const extensions = useMemo(() => buildExtensions({ htmlTags: tags, placeholder }), [tags, placeholder]);

  // Tiptap keeps the handlers it was created with: they reach the current props and gate through
  // these refs, brought up to date after each commit (never while rendering).
  const callbacks = useRef(props);
  /** The HTML the form and the editor last agreed on (sent by us, or received from the form). */
  const agreed = useRef(value);
  /** The editor's content now, kept so an unmount can still send it. */
  const latest = useRef(value);
  /** The user changed something that has not been sent yet. */
  const unsent = useRef(false);
  const userEdited = useRef(false);
  // The editor is created during this first render (immediatelyRender); Tiptap's own 'create'
  // event comes a tick later, too late to start the loadDelay window.
  const [createdAt] = useState(() => Date.now());
  const gate = useMemo(() => new ChangeGate(minChangeSize), [minChangeSize]);
  const gateRef = useRef(gate);
  useLayoutEffect(() => {
    callbacks.current = props;
    gateRef.current = gate;
  });
  const [count, setCount] = useState(() => countRichTextCharacters(value));
  const [focused, setFocused] = useState(false);
  const [fullscreen, setFullscreen] = useState(false);
  /** The link dialog, with what it edits, while open. */
  const [link, setLink] = useState<{ initial?: { href: string; newWindow: boolean }; hasSelection: boolean } | null>(null);
  const [libraryOpen, setLibraryOpen] = useState(false);
  const fileInput = useRef<HTMLInputElement>(null);

  const send = () => {
    gateRef.current.reset();
    unsent.current = false;
    if (latest.current === agreed.current) return;
    agreed.current = latest.current;
    callbacks.current.onChange?.(latest.current);
  };

  // The paste and drop handlers call `upload` (made below from this editor): one function for the
  // editor's whole life, and they run only on the user's paste or drop, after this render.
  const editor = useEditor(
    {
      extensions,
      content: value || '',
      editable,
      immediatelyRender: true,
      // The toolbar subscribes to what it shows (useEditorState); the frame need not re-render per keystroke.
      shouldRerenderOnTransaction: false,
      editorProps: {
        attributes: {
          class: bodyClass ? `dl-rich-text dl-rte-body ${bodyClass}` : 'dl-rich-text dl-rte-body',
          role: 'textbox',
          'aria-multiline': 'true',
          'aria-label': '富文本内容',
        },
        handlePaste: (view, event) => {
          const data = event.clipboardData;
          if (!view.editable || !data) return false;
          const images = Array.from(data.files).filter((file) => file.type.startsWith('image/'));
          // With markup beside it (a copy from Word or a web page) the markup wins; its data: images are dropped.
          if (!images.length || data.getData('text/html') || data.getData('text/plain')) return false;
          event.preventDefault();
          upload(images);
          return true;
        },
        handleDOMEvents: {
          // Files dropped from the desktop, before ProseMirror's own drop handling (which would
          // ignore a drop it cannot place, and let the browser open the file instead).
          drop: (view, event) => {
            const files = Array.from(event.dataTransfer?.files ?? []);
            if (view.dragging || !files.length) return false;
            event.preventDefault();
            if (view.editable) upload(files, view.posAtCoords({ left: event.clientX, top: event.clientY })?.pos);
            return true;
          },
        },
      },
      onCreate: ({ editor: created }) => {
        latest.current = htmlOf(created);
      },
      onUpdate: ({ editor: changed, transaction }) => {
        latest.current = htmlOf(changed);
        setCount(countRichTextCharacters(latest.current));
        if (transaction.getMeta(FROM_OUTSIDE)) return;
        userEdited.current = true;
        unsent.current = true;
        if (gateRef.current.record(typedCharacters(transaction))) send();
      },
      onFocus: () => {
        setFocused(true);
        callbacks.current.onFocus?.();
      },
      onBlur: () => {
        setFocused(false);
        if (unsent.current) send();
        callbacks.current.onBlur?.();
      },
    },
    [extensions],
  );

  // The form's value, when it changes from outside. Within loadDelay of creation, before the user
  // has typed, it is the initial content (an edit page's record arriving): kept out of the undo
  // history, so undo cannot empty the editor. Later it replaces the content as an undoable step.
  useEffect(() => {
    if (editor.isDestroyed || value === agreed.current) return;
    agreed.current = value;
    unsent.current = false;
    gateRef.current.reset();
    const initial = !userEdited.current && Date.now() - createdAt < loadDelay;
    editor.chain().setMeta(FROM_OUTSIDE, true).setMeta('addToHistory', !initial).setContent(value || '', { emitUpdate: true }).run();
  }, [editor, value, loadDelay, createdAt]);

  useEffect(() => {
    if (!editor.isDestroyed && editor.isEditable !== editable) editor.setEditable(editable, false);
  }, [editor, editable]);

  // Leaving the page while typing: what was typed still reaches the form.
  useEffect(
    () => () => {
      if (unsent.current) send();
    },
    [],
  );

  useEffect(() => {
    if (!fullscreen) return;
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'Escape') setFullscreen(false);
    };
    const overflow = document.body.style.overflow;
    document.body.style.overflow = 'hidden';
    window.addEventListener('keydown', onKey);
    return () => {
      window.removeEventListener('keydown', onKey);
      document.body.style.overflow = overflow;
    };
  }, [fullscreen]);

  useImperativeHandle(
    props.handleRef,
    () => ({
      focus: () => editor.commands.focus(),
      blur: () => editor.commands.blur(),
      getHtml: () => latest.current,
    }),
    [editor],
  );

  const { uploads, upload } = useImageUploads({ editor, uploadJson, filePostName, onError: (text) => message.error(text) });

  const insertLink = ({ href, text, newWindow }: LinkValue) => {
    setLink(null);
    const attrs = { href, target: newWindow ? '_blank' : '', rel: newWindow ? 'noopener noreferrer' : '' };
    const chain = editor.chain().setMeta(FROM_TOOLBAR, true).focus();
    if (editor.state.selection.empty && !editor.isActive('link')) {
      chain.insertContent({ type: 'text', text: text ?? href, marks: [{ type: 'link', attrs }] }).run();
    } else {
      chain.extendMarkRange('link').setLink(attrs).run();
    }
  };

  const openLink = () => {
    const attrs = editor.getAttributes('link') as { href?: string; target?: string };
    setLink({
      initial: attrs.href ? { href: attrs.href, newWindow: attrs.target === '_blank' } : undefined,
      hasSelection: !editor.state.selection.empty,
    });
  };
  const over = maxLength !== undefined && count > maxLength;
  const classes = [
    'dl-rte',
    themeType === 'simple' ? 'dl-rte-simple' : '',
    fullscreen ? 'is-fullscreen' : '',
    editable ? '' : 'is-disabled',
    focused ? 'is-focused' : '',
    status === 'error' ? 'is-error' : status === 'warning' ? 'is-warning' : '',
  ].filter(Boolean);

  return (
    <div
      id={id}
      className={classes.join(' ')}
      style={fullscreen ? { zIndex } : { width: cssLength(width), minWidth }}
      aria-invalid={status === 'error' || undefined}
    >
      {/* The field's status colours the frame, not the toolbar's selects or the dialogs' inputs. */}
      <FormItemStatus.Provider value={{}}>
        <Toolbar
          editor={editor}
          items={items}
          headingLevels={headingLevels}
          fontSizes={fontSizes}
          disabled={!editable}
          fullscreen={fullscreen}
          onLink={openLink}
          onImage={() => fileInput.current?.click()}
          onLibrary={() => setLibraryOpen(true)}
          onFullscreen={() => setFullscreen((on) => !on)}
        />
        <div
          className="dl-rte-scroll"
          style={fullscreen ? undefined : { height, minHeight }}
          onMouseDown={(event) => {
            // A click below the last line still puts the cursor in the text.
            if (event.target === event.currentTarget && editable) {
              event.preventDefault();
              editor.commands.focus('end');
            }
          }}
        >
          <EditorContent editor={editor} />
        </div>
        <div className="dl-rte-status">
          <div className="dl-rte-uploads">
            {uploads.map((item) => (
              <div key={item.id} className="dl-rte-upload">
                <span className="dl-rte-upload-name" title={item.name}>
                  正在上传「{item.name}」
                </span>
                <Progress percent={item.percent} size="small" status="active" />
              </div>
            ))}
          </div>
          <span className={over ? 'dl-rte-count is-over' : 'dl-rte-count'}>
            当前字数：{count}
            {maxLength !== undefined ? `/${maxLength}` : ''}
          </span>
        </div>
        <input
          ref={fileInput}
          type="file"
          accept={IMAGE_ACCEPT}
          multiple
          style={{ display: 'none' }}
          aria-label="选择图片"
          onChange={(event) => {
            const files = Array.from(event.target.files ?? []);
            event.target.value = '';
            if (files.length) upload(files);
          }}
        />
        {link ? (
          <LinkDialog open initial={link.initial} hasSelection={link.hasSelection} zIndex={zIndex} onSubmit={insertLink} onClose={() => setLink(null)} />
        ) : null}
        {fileManagerJson ? (
          <ImageLibrary
            open={libraryOpen}
            endpoint={fileManagerJson}
            zIndex={zIndex}
            onClose={() => setLibraryOpen(false)}
            onPick={(image) => {
              setLibraryOpen(false);
              editor.chain().focus().insertContent({ type: 'image', attrs: { src: image.url, alt: image.filename } }).run();
            }}
          />
        ) : null}
      </FormItemStatus.Provider>
    </div>
  );
}
