import { useRef, type KeyboardEvent } from 'react';
import { tabAfterArrowKey } from './arrowKeyTab';
import './plain.css';

interface PlainTabsProps<Key extends string> {
  items: readonly { key: Key; label: string }[];
  activeKey: Key;
  onChange: (key: Key) => void;
  /** Each tab gets the id `${idPrefix}-tab-${key}` and controls `${idPrefix}-panel-${key}`. */
  idPrefix: string;
}

/** Centred tabs over a panel (antd's Tabs look, ink bar under the active one); arrow keys move between them. */
export function PlainTabs<Key extends string>({ items, activeKey, onChange, idPrefix }: PlainTabsProps<Key>) {
  const list = useRef<HTMLDivElement>(null);
  const onKeyDown = (e: KeyboardEvent) => {
    const next = tabAfterArrowKey(e, items, activeKey);
    if (next === null) return;
    onChange(next);
    list.current?.querySelector<HTMLElement>(`#${CSS.escape(`${idPrefix}-tab-${next}`)}`)?.focus();
  };
  return (
    <div role="tablist" className="dl-plain-tabs" ref={list} onKeyDown={onKeyDown}>
      {items.map((t) => (
        <button
          key={t.key}
          type="button"
          role="tab"
          id={`${idPrefix}-tab-${t.key}`}
          aria-controls={`${idPrefix}-panel-${t.key}`}
          aria-selected={t.key === activeKey}
          tabIndex={t.key === activeKey ? 0 : -1}
          className={t.key === activeKey ? 'dl-plain-tabs__tab dl-plain-tabs__tab--active' : 'dl-plain-tabs__tab'}
          onClick={() => t.key !== activeKey && onChange(t.key)}
        >
          {t.label}
        </button>
      ))}
    </div>
  );
}
