/**
 * Test helpers for the editor: the real editor inside the real app providers, and a handle on the
 * Tiptap instance the editor mounted, so a test can type the way ProseMirror's input handling does
 * (one text insertion per keystroke). Imported only by tests.
 */
import { useState, type ReactElement } from 'react';
import { screen, waitFor } from '@testing-library/react';
import type { Editor } from '@tiptap/core';
import { renderWidget } from '../../test/widgetKit';
import { RichTextEditor } from './RichTextEditor';
import type { RichTextEditorProps } from './props';

/**
 * Transforms the editor chunk (Tiptap, antd pieces) once before a file's tests, so a slow shared
 * machine spends that time in a hook rather than inside the first test's wait. The shell still
 * suspends on its first render: import() always answers asynchronously.
 */
export const preloadEditor = () => import('./EditorCore');
export const PRELOAD_TIMEOUT_MS = 60_000;

/** The writing area once the lazy chunk has loaded. */
export async function writingArea(): Promise<HTMLElement> {
  return screen.findByRole('textbox', { name: '富文本内容' }, { timeout: 10_000 });
}

/** The Tiptap editor behind the writing area (Tiptap keeps it on its DOM element). */
export async function mountedEditor(): Promise<Editor> {
  const area = await writingArea();
  const editor = (area as HTMLElement & { editor?: Editor }).editor;
  if (!editor) throw new Error('no Tiptap editor on the writing area');
  return editor;
}

/** Types text at the cursor, one character per transaction, as keystrokes do. */
export function type(editor: Editor, text: string): void {
  for (const character of Array.from(text)) editor.view.dispatch(editor.state.tr.insertText(character));
}

/** Moves the focus out of the writing area, as a click elsewhere does. */
export async function leave(editor: Editor): Promise<void> {
  editor.view.dom.dispatchEvent(new FocusEvent('blur'));
  await waitFor(() => undefined);
}

/** A form-like owner of the value: records every change and feeds it back. */
export function ControlledEditor({ initial = '', changes, ...props }: RichTextEditorProps & { initial?: string; changes: string[] }) {
  const [value, setValue] = useState(initial);
  return (
    <RichTextEditor
      {...props}
      value={value}
      onChange={(html) => {
        changes.push(html);
        setValue(html);
      }}
    />
  );
}

export function renderEditor(ui: ReactElement) {
  return renderWidget(ui);
}
