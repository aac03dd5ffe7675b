/**
 * minChangeSize (spec §9, default 5). Reading: while the user types, a change event is sent only
 * once at least minChangeSize characters have been typed or deleted since the last one; anything
 * that is not plain typing (formatting, Enter, paste, undo, an image, a table …) is sent at once,
 * and leaving the editor (blur) or unmounting it always sends what is pending. So a form is never
 * re-validated on every keystroke and never misses the last characters.
 */
import type { Transaction } from '@tiptap/pm/state';
import { ReplaceStep } from '@tiptap/pm/transform';

/** Meta of a transaction made by a toolbar button or dialog: it is sent at once, whatever it changed. */
export const FROM_TOOLBAR = 'dandelionFromToolbar';

/**
 * Characters typed or deleted by a transaction, or null when it is more than typing: any step that
 * is not a replacement of text by text inside one block, or a paste, drop, cut or undo/redo.
 */
export function typedCharacters(tr: Transaction): number | null {
  if (tr.getMeta(FROM_TOOLBAR)) return null;
  const uiEvent = tr.getMeta('uiEvent');
  if (uiEvent === 'paste' || uiEvent === 'drop' || uiEvent === 'cut') return null;
  // prosemirror-history marks its undo and redo transactions with its plugin key.
  if (tr.getMeta('history$') !== undefined) return null;
  let size = 0;
  for (let i = 0; i < tr.steps.length; i++) {
    const step = tr.steps[i];
    if (!(step instanceof ReplaceStep)) return null;
    const { from, to, slice } = step as ReplaceStep & { from: number; to: number };
    const before = tr.docs[i]!;
    if (!before.resolve(from).sameParent(before.resolve(to))) return null;
    let textOnly = slice.openStart === 0 && slice.openEnd === 0;
    slice.content.forEach((node) => {
      if (!node.isText) textOnly = false;
    });
    if (!textOnly) return null;
    size += slice.content.size + (to - from);
  }
  return size;
}

/** Counts typing between emits; pure, so the rule itself is easy to test. */
export class ChangeGate {
  private pending = 0;

  constructor(private readonly minChangeSize: number) {}

  /** Records a change; true when it should be emitted now. `typed` is null for anything but typing. */
  record(typed: number | null): boolean {
    if (typed === null) {
      this.pending = 0;
      return true;
    }
    this.pending += typed;
    if (this.pending >= this.minChangeSize) {
      this.pending = 0;
      return true;
    }
    return false;
  }

  /** Typing not yet emitted. */
  get hasPending(): boolean {
    return this.pending > 0;
  }

  /** Forgets pending typing (after an emit on blur, or when the content is replaced from outside). */
  reset(): void {
    this.pending = 0;
  }
}
