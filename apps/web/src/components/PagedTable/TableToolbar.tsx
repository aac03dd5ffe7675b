import type { ReactNode } from 'react';
import { Button, Checkbox, Divider, Dropdown, Flex, Popover, Space, Tooltip, Typography } from 'antd';
import { ColumnHeightOutlined, ReloadOutlined, SettingOutlined } from '@ant-design/icons';
import { DENSITY_LABELS, type TableDensity, type TableSettings } from './tableSettings';

export interface SettableColumn {
  key: string;
  title: string;
}

interface TableToolbarProps {
  title?: ReactNode;
  /** The page's buttons (usually an ActionBar), on the left. */
  actions?: ReactNode;
  columns: readonly SettableColumn[];
  settings: TableSettings;
  refreshing: boolean;
  onRefresh: () => void;
  onChange: (settings: TableSettings) => void;
  onReset: () => void;
}

const DENSITIES = Object.keys(DENSITY_LABELS) as TableDensity[];

/** The row above a table: the page's actions on the left; refresh, density and column settings on the right. */
export function TableToolbar({ title, actions, columns, settings, refreshing, onRefresh, onChange, onReset }: TableToolbarProps) {
  const hidden = new Set(settings.hidden);
  const toggle = (key: string, visible: boolean) => {
    const next = visible ? settings.hidden.filter((k) => k !== key) : [...settings.hidden, key];
    // At least one column stays: an empty table header helps nobody.
    if (next.length >= columns.length) return;
    onChange({ ...settings, hidden: next });
  };

  const columnPanel = (
    <div style={{ minWidth: 160 }}>
      <Flex vertical gap={6}>
        {columns.map((column) => (
          <Checkbox key={column.key} checked={!hidden.has(column.key)} onChange={(event) => toggle(column.key, event.target.checked)}>
            {column.title}
          </Checkbox>
        ))}
      </Flex>
      <Divider style={{ margin: '8px 0' }} />
      <Button type="link" size="small" style={{ padding: 0 }} onClick={onReset}>
        恢复默认
      </Button>
    </div>
  );

  return (
    <Flex justify="space-between" align="center" wrap gap={8} style={{ marginBottom: 12 }}>
      <Space size={12} wrap>
        {title && (
          <Typography.Title level={5} style={{ margin: 0 }}>
            {title}
          </Typography.Title>
        )}
        {actions}
      </Space>
      <Space size={4}>
        <Tooltip title="刷新">
          <Button type="text" aria-label="刷新" icon={<ReloadOutlined spin={refreshing} />} onClick={onRefresh} />
        </Tooltip>
        <Dropdown
          trigger={['click']}
          menu={{
            selectable: true,
            selectedKeys: [settings.density],
            items: DENSITIES.map((density) => ({ key: density, label: DENSITY_LABELS[density] })),
            onClick: ({ key }) => onChange({ ...settings, density: key as TableDensity }),
          }}
        >
          <Tooltip title="密度">
            <Button type="text" aria-label="密度" icon={<ColumnHeightOutlined />} />
          </Tooltip>
        </Dropdown>
        <Popover trigger="click" placement="bottomRight" title="列设置" content={columnPanel}>
          <Tooltip title="列设置">
            <Button type="text" aria-label="列设置" icon={<SettingOutlined />} />
          </Tooltip>
        </Popover>
      </Space>
    </Flex>
  );
}
