import { afterEach, describe, expect, it } from 'vitest';
import { Editor } from '@tiptap/core';
import type { Transaction } from '@tiptap/pm/state';
import { ChangeGate, FROM_TOOLBAR, typedCharacters } from './changeGate';
import { buildExtensions } from './extensions';
import { RICH_TEXT_EDITOR_TAGS } from './catalogue';

// Every editor made is destroyed: one left alive keeps ProseMirror's DOM-observer timer, which fires
// after the test environment is gone when the machine is busy (an unhandled error fails the run).
const editors: Editor[] = [];
afterEach(() => {
  for (const made of editors.splice(0)) made.destroy();
});

/** The transactions an action dispatches on a real editor. */
function transactionsOf(content: string, act: (editor: Editor) => void): Transaction[] {
  const editor = new Editor({ element: document.createElement('div'), extensions: buildExtensions({ htmlTags: RICH_TEXT_EDITOR_TAGS, placeholder: '' }), content });
  editors.push(editor);
  const seen: Transaction[] = [];
  editor.on('transaction', ({ transaction }) => {
    if (transaction.docChanged) seen.push(transaction);
  });
  act(editor);
  return seen;
}

describe('typedCharacters', () => {
  it('counts inserted and deleted characters of plain typing', () => {
    const [typed] = transactionsOf('<p>ab</p>', (e) => e.view.dispatch(e.state.tr.insertText('字', 3)));
    expect(typedCharacters(typed!)).toBe(1);
    const [deleted] = transactionsOf('<p>abcd</p>', (e) => e.view.dispatch(e.state.tr.delete(2, 4)));
    expect(typedCharacters(deleted!)).toBe(2);
    const [replaced] = transactionsOf('<p>abcd</p>', (e) => e.view.dispatch(e.state.tr.insertText('XYZ', 2, 4)));
    expect(typedCharacters(replaced!)).toBe(5);
  });

  it('anything else is not typing: marks, Enter, images, paste, undo, toolbar commands', () => {
    const cases: [string, (e: Editor) => void][] = [
      ['bold', (e) => e.chain().selectAll().toggleBold().run()],
      ['enter', (e) => e.chain().focus('end').enter().run()],
      ['image', (e) => e.commands.insertContent({ type: 'image', attrs: { src: '/a.png' } })],
      ['paste', (e) => e.view.pasteText('粘贴')],
      ['align', (e) => e.commands.setTextAlign('center')],
      ['toolbar text', (e) => e.chain().setMeta(FROM_TOOLBAR, true).insertContent('链接').run()],
    ];
    for (const [name, action] of cases) {
      const trs = transactionsOf('<p>ab</p>', action);
      expect(trs.length, name).toBeGreaterThan(0);
      expect(trs.map(typedCharacters), name).toContain(null);
    }
    const undo = transactionsOf('<p>ab</p>', (e) => {
      e.view.dispatch(e.state.tr.insertText('c', 3));
      e.commands.undo();
    });
    expect(typedCharacters(undo.at(-1)!)).toBeNull();
  });
});

describe('ChangeGate', () => {
  it('emits typing once minChangeSize characters have built up, and anything else at once', () => {
    const gate = new ChangeGate(5);
    expect([1, 1, 1, 1].map((n) => gate.record(n))).toEqual([false, false, false, false]);
    expect(gate.hasPending).toBe(true);
    expect(gate.record(1)).toBe(true);
    expect(gate.hasPending).toBe(false);
    expect(gate.record(2)).toBe(false);
    expect(gate.record(null)).toBe(true);
    expect(gate.hasPending).toBe(false);
    expect(new ChangeGate(0).record(1)).toBe(true);
  });
});
