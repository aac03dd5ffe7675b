import { Radio, Tabs } from 'antd';
import { AppstoreOutlined, BarsOutlined, TableOutlined } from '@ant-design/icons';
import type { PortalCatalog } from '../api';
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

const MODES: Array<{ value: ViewMode; label: string; icon: React.ReactNode }> = [
  { value: 'bars', label: '列表显示', icon: <BarsOutlined /> },
  { value: 'grid', label: '网格显示', icon: <AppstoreOutlined /> },
  { value: 'table', label: '表格显示', icon: <TableOutlined /> },
];

/** The list title widget: the catalogue's name, its sub-catalogues as tabs and the list/grid/table toggle. */
export function ListTitle({ title, tabs = [], activeTab = ALL_TAB, onTabChange, mode, onModeChange }: ListTitleProps) {
  return (
    <div className="dl-list-title">
      <div className="dl-list-title__row">
        <h1 className="dl-list-title__name">{title}</h1>
        {mode && onModeChange && (
          <Radio.Group
            value={mode}
            onChange={(e) => onModeChange(e.target.value as ViewMode)}
            optionType="button"
            size="small"
            aria-label="显示方式"
            className="dl-list-title__modes"
          >
            {MODES.map((m) => (
              <Radio.Button key={m.value} value={m.value} aria-label={m.label} title={m.label}>
                {m.icon}
              </Radio.Button>
            ))}
          </Radio.Group>
        )}
      </div>
      {tabs.length > 0 && (
        <Tabs
          activeKey={activeTab}
          onChange={onTabChange}
          items={[{ key: ALL_TAB, label: '全部' }, ...tabs.map((t) => ({ key: t.code, label: t.catalogName }))]}
          className="dl-list-title__tabs"
        />
      )}
    </div>
  );
}
