import type { ReactNode } from 'react';
import { Button, Card, Descriptions, Space, Spin, Tabs } from 'antd';
import { EditOutlined } from '@ant-design/icons';
import { useHasPermission } from '../../api/consoleStore';
import { LoadError } from '../LoadError';
import { EMPTY_VALUE } from './values';

/** One line of a description list. A value of null, undefined or '' shows as —. */
export interface DetailItem {
  label: string;
  value: ReactNode;
  /** Columns the item spans; 'filled' takes the rest of its row (long text, rich text, files). */
  span?: number | 'filled';
}

/** A tab of records related to the one shown (a role's users, a task's runs). */
export interface DetailTab {
  key: string;
  label: string;
  children: ReactNode;
}

export interface DetailViewProps {
  /** The card title: 岗位详情. */
  title: string;
  /** The items, once the record is loaded; items set to false or null are left out. */
  items?: readonly (DetailItem | false | null | undefined)[];
  loading?: boolean;
  /** A load failure, shown with 重试 when onRetry is given. */
  error?: string | null;
  onRetry?: () => void;
  /** 编辑 is shown only when the user holds this permission (the list's 修改 permission) and onEdit is given. */
  editPermission?: string | readonly string[];
  onEdit?: () => void;
  onBack: () => void;
  /** Columns of the description list at wide widths; 2 unless given (one column on small screens). */
  column?: number;
  /** Related records; the descriptions become the first tab, 基本信息. */
  tabs?: readonly DetailTab[];
  /** Above the descriptions (a status notice). */
  header?: ReactNode;
  /** More actions beside 编辑 (the page's own, e.g. 发布文章). */
  actions?: ReactNode;
}

const isEmpty = (value: ReactNode) => value === null || value === undefined || value === '';

/**
 * A record's …Detail page (spec §2): a read-only description list, not the edit form greyed out. Values
 * arrive formatted (see ./values); 编辑 opens the …Upd page where the user may edit; 返回 goes back.
 */
export function DetailView({ title, items, loading = false, error, onRetry, editPermission, onEdit, onBack, column = 2, tabs, header, actions }: DetailViewProps) {
  const mayEdit = useHasPermission(editPermission) && editPermission !== undefined && !!onEdit;
  const shown = (items ?? []).filter((item): item is DetailItem => !!item);
  const descriptions = (
    <Descriptions
      bordered
      size="middle"
      column={{ xs: 1, sm: 1, md: Math.min(column, 2), lg: column, xl: column, xxl: column }}
      styles={{ label: { width: 140, whiteSpace: 'nowrap' } }}
      items={shown.map((item, index) => ({
        key: `${index}-${item.label}`,
        label: item.label,
        span: item.span,
        children: isEmpty(item.value) ? EMPTY_VALUE : item.value,
      }))}
    />
  );
  return (
    <Card
      title={title}
      extra={
        <Space>
          {actions}
          {mayEdit && (
            <Button type="primary" icon={<EditOutlined />} onClick={onEdit}>
              编辑
            </Button>
          )}
          <Button onClick={onBack}>返回</Button>
        </Space>
      }
    >
      {error && <LoadError message={error} onRetry={onRetry} />}
      <Spin spinning={loading}>
        {header}
        {items && (tabs?.length ? <Tabs items={[{ key: 'basic', label: '基本信息', children: descriptions }, ...tabs]} /> : descriptions)}
      </Spin>
    </Card>
  );
}
