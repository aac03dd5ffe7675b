import { useRef, type KeyboardEvent } from 'react';
import { tabAfterArrowKey } from '../../../components/plain/arrowKeyTab';
import './light.css';

interface PortalTabsProps {
  items: readonly { key: string; label: string }[];
  activeKey: string;
  onChange?: (key: string) => void;
  className?: string;
  'aria-label'?: string;
  /** With panels of its own: each tab gets the id `${idPrefix}-tab-${key}` and controls `${idPrefix}-panel-${key}`. */
  idPrefix?: string;
}

/**
 * A row of tabs (antd Tabs' look: the active one in the brand blue with an ink bar) that switch what
 * the list below shows. Arrow keys move between them, as in antd.
 */
export function PortalTabs({ items, activeKey, onChange, className, 'aria-label': label, idPrefix }: PortalTabsProps) {
  const list = useRef<HTMLDivElement>(null);
  const onKeyDown = (e: KeyboardEvent) => {
    const next = tabAfterArrowKey(e, items, activeKey);
    if (next === null) return;
    onChange?.(next);
    list.current?.querySelector<HTMLElement>(`[data-key="${CSS.escape(next)}"]`)?.focus();
  };
  return (
    <div className={['dl-tabs', className].filter(Boolean).join(' ')}>
      <div role="tablist" aria-label={label} className="dl-tabs__list" ref={list} onKeyDown={onKeyDown}>
        {items.map((t) => (
          <button
            key={t.key}
            type="button"
            role="tab"
            data-key={t.key}
            id={idPrefix && `${idPrefix}-tab-${t.key}`}
            aria-controls={idPrefix && `${idPrefix}-panel-${t.key}`}
            aria-selected={t.key === activeKey}
            tabIndex={t.key === activeKey ? 0 : -1}
            className={['dl-tabs__tab', t.key === activeKey && 'dl-tabs__tab--active'].filter(Boolean).join(' ')}
            onClick={() => t.key !== activeKey && onChange?.(t.key)}
          >
            {t.label}
          </button>
        ))}
      </div>
    </div>
  );
}
