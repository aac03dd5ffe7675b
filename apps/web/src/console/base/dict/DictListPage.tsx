import { useCallback, useState } from 'react';
import { Card, Empty, Space, Tag, Typography } from 'antd';
import { LockOutlined } from '@ant-design/icons';
import { useQueryClient } from '@tanstack/react-query';
import { forgetDicts } from '../../../components/DictSelect';
import { TreePanel } from '../../../components/TreePanel';
import type { CategoryNode } from './api';
import { CATEGORY_TREE_KEY, CategoryPanel } from './CategoryPanel';
import { ItemPanel } from './ItemPanel';

/**
 * /base/dict/dictList: dictionary categories on the left, the selected category's values on the
 * right. Every change also drops the console's own cached copies (DictSelect), so the next form
 * shows the new values at once.
 */
export default function DictListPage() {
  const client = useQueryClient();
  const [category, setCategory] = useState<CategoryNode | null>(null);

  const forget = useCallback((categories?: string[]) => forgetDicts(client, categories), [client]);
  const itemsChanged = useCallback(async () => {
    await client.invalidateQueries({ queryKey: CATEGORY_TREE_KEY });
    if (category) await forget([category.dictCode]);
  }, [client, category, forget]);

  return (
    <TreePanel
      storageKey="base:dict"
      title="字典分类"
      pickLabel="选择字典分类"
      picked={category?.dictName}
      pickedKey={category?.dictId ?? null}
      width={340}
      tree={<CategoryPanel selectedId={category?.dictId ?? null} onSelect={setCategory} onChanged={forget} />}
    >
        <Card
          title={
            category ? (
              <Space size={8}>
                <span>字典项 · {category.dictName}</span>
                <Typography.Text type="secondary" style={{ fontWeight: 'normal' }}>
                  {category.dictFullCode}
                </Typography.Text>
                {category.lockFlag && (
                  <Tag icon={<LockOutlined />} color="warning">
                    分类已锁定
                  </Tag>
                )}
              </Space>
            ) : (
              '字典项'
            )
          }
        >
          {category ? (
            <ItemPanel key={category.dictId} category={category} onChanged={itemsChanged} />
          ) : (
            <Empty description="在左侧选择一个字典分类，查看和维护它的字典项" />
          )}
        </Card>
    </TreePanel>
  );
}
