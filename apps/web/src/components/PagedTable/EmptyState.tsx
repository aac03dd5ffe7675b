import type { ReactNode } from 'react';
import { Button, Empty, Flex, Typography } from 'antd';
import { ClearOutlined, PlusOutlined } from '@ant-design/icons';
import { useHasPermission } from '../../api/consoleStore';

/** The add action an empty list offers: the toolbar's 新增, with its permission and its effect. */
export interface EmptyAdd {
  /** Offered only when the user holds this code (any of them, when a list), like the toolbar's button. */
  permission?: string | readonly string[];
  onClick: () => unknown;
  /** The button's text; 新增<what> unless given. */
  label?: string;
}

/** What an empty list says before anything is stored in it. */
export interface EmptyHint {
  /** What the list holds, as a noun: '岗位' gives 还没有岗位 and 新增岗位. */
  what: string;
  /** The first line when 还没有<what> reads badly (该机构下还没有用户). */
  title?: string;
  /** One or two short sentences: what the records are for and what to do next. */
  hint?: ReactNode;
  /** Left out where records arrive by themselves (logs, complaints, received messages). */
  add?: EmptyAdd;
}

export interface EmptyStateProps extends EmptyHint {
  /** A search value is set: nothing matched, which says nothing about what is stored. */
  searched: boolean;
  /** 清空条件: empties the search and searches again; the button is offered only with it. */
  onClearSearch?: () => void;
  /** The rows are still on their way: saying "nothing" now could be wrong. */
  loading?: boolean;
}

const NO_MATCH = '没有符合条件的记录';

/**
 * The body of a list with no rows. Nothing stored yet: what the list holds, what to do, and the
 * add action when the user may add. A search matched nothing: say so and offer to clear it, since
 * adding would be the wrong advice there.
 */
export function EmptyState({ what, title, hint, add, searched, onClearSearch, loading }: EmptyStateProps) {
  const mayAdd = useHasPermission(add?.permission);
  if (loading) return <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description="正在加载…" />;
  if (searched) {
    return (
      <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={NO_MATCH}>
        {onClearSearch && (
          <Button icon={<ClearOutlined />} onClick={onClearSearch}>
            清空条件
          </Button>
        )}
      </Empty>
    );
  }
  return (
    <Empty
      image={Empty.PRESENTED_IMAGE_SIMPLE}
     
      description={
        <Flex vertical gap={4} align="center">
          <Typography.Text>{title ?? `还没有${what}`}</Typography.Text>
          {hint && (
            <Typography.Text type="secondary" style={{ maxWidth: 480 }}>
              {hint}
            </Typography.Text>
          )}
        </Flex>
      }
    >
      {add && mayAdd && (
        <Button type="primary" icon={<PlusOutlined />} onClick={() => void add.onClick()}>
          {add.label ?? `新增${what}`}
        </Button>
      )}
    </Empty>
  );
}
