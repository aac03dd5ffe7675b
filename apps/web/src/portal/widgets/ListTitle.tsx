import { useId, type ReactNode } from 'react';
import type { PortalCatalog } from '../api';
import { PortalTabs } from '../shared/light';
import type { ViewMode } from '../shared/useViewMode';
import './list-title.css';

/** The tab that shows the whole catalogue (its sub-catalogues' articles included). */
export const ALL_TAB = '';

interface ListTitleProps {
  title: string;
  /** Sub-catalogues as tabs after 全部; no tabs when empty. */
  tabs?: readonly Pick<PortalCatalog, 'code' | 'catalogName'>[];
  activeTab?: string;
  onTabChange?: (code: string) => void;
  mode?: ViewMode;
  /** Without it, no toggle. */
  onModeChange?: (mode: ViewMode) => void;
}

const icon = (viewBox: string, d: string) => (
  <svg viewBox={viewBox} width="1em" height="1em" fill="currentColor" focusable="false" aria-hidden>
    <path d={d} />
  </svg>
);

// antd's BarsOutlined, AppstoreOutlined and TableOutlined, drawn inline.
const MODES: Array<{ value: ViewMode; label: string; icon: ReactNode }> = [
  {
    value: 'bars',
    label: '列表显示',
    icon: icon('0 0 1024 1024', 'M912 192H328c-4.4 0-8 3.6-8 8v56c0 4.4 3.6 8 8 8h584c4.4 0 8-3.6 8-8v-56c0-4.4-3.6-8-8-8zm0 284H328c-4.4 0-8 3.6-8 8v56c0 4.4 3.6 8 8 8h584c4.4 0 8-3.6 8-8v-56c0-4.4-3.6-8-8-8zm0 284H328c-4.4 0-8 3.6-8 8v56c0 4.4 3.6 8 8 8h584c4.4 0 8-3.6 8-8v-56c0-4.4-3.6-8-8-8zM104 228a56 56 0 10112 0 56 56 0 10-112 0zm0 284a56 56 0 10112 0 56 56 0 10-112 0zm0 284a56 56 0 10112 0 56 56 0 10-112 0z'),
  },
  {
    value: 'grid',
    label: '网格显示',
    icon: icon('64 64 896 896', 'M464 144H160c-8.8 0-16 7.2-16 16v304c0 8.8 7.2 16 16 16h304c8.8 0 16-7.2 16-16V160c0-8.8-7.2-16-16-16zm-52 268H212V212h200v200zm452-268H560c-8.8 0-16 7.2-16 16v304c0 8.8 7.2 16 16 16h304c8.8 0 16-7.2 16-16V160c0-8.8-7.2-16-16-16zm-52 268H612V212h200v200zM464 544H160c-8.8 0-16 7.2-16 16v304c0 8.8 7.2 16 16 16h304c8.8 0 16-7.2 16-16V560c0-8.8-7.2-16-16-16zm-52 268H212V612h200v200zm452-268H560c-8.8 0-16 7.2-16 16v304c0 8.8 7.2 16 16 16h304c8.8 0 16-7.2 16-16V560c0-8.8-7.2-16-16-16zm-52 268H612V612h200v200z'),
  },
  {
    value: 'table',
    label: '表格显示',
    icon: icon('64 64 896 896', 'M928 160H96c-17.7 0-32 14.3-32 32v640c0 17.7 14.3 32 32 32h832c17.7 0 32-14.3 32-32V192c0-17.7-14.3-32-32-32zm-40 208H676V232h212v136zm0 224H676V432h212v160zM412 432h200v160H412V432zm200-64H412V232h200v136zm-476 64h212v160H136V432zm0-200h212v136H136V232zm0 424h212v136H136V656zm276 0h200v136H412V656zm476 136H676V656h212v136z'),
  },
];

/** The list/grid/table toggle: three radio buttons (antd's small button-style radio group look). */
function ModeToggle({ mode, onModeChange }: { mode: ViewMode; onModeChange: (mode: ViewMode) => void }) {
  const name = useId();
  return (
    <div role="radiogroup" aria-label="显示方式" className="dl-list-title__modes">
      {MODES.map((m) => (
        <label key={m.value} title={m.label} className={['dl-mode', m.value === mode && 'dl-mode--checked'].filter(Boolean).join(' ')}>
          <input type="radio" name={name} value={m.value} aria-label={m.label} checked={m.value === mode} onChange={() => onModeChange(m.value)} />
          {m.icon}
        </label>
      ))}
    </div>
  );
}

/** The list title widget: the catalogue's name, its sub-catalogues as tabs and the list/grid/table toggle. */
export function ListTitle({ title, tabs = [], activeTab = ALL_TAB, onTabChange, mode, onModeChange }: ListTitleProps) {
  return (
    <div className="dl-list-title">
      <div className="dl-list-title__row">
        <h1 className="dl-list-title__name">{title}</h1>
        {mode && onModeChange && <ModeToggle mode={mode} onModeChange={onModeChange} />}
      </div>
      {tabs.length > 0 && (
        <PortalTabs
          activeKey={activeTab}
          onChange={onTabChange}
          items={[{ key: ALL_TAB, label: '全部' }, ...tabs.map((t) => ({ key: t.code, label: t.catalogName }))]}
          className="dl-list-title__tabs"
        />
      )}
    </div>
  );
}
