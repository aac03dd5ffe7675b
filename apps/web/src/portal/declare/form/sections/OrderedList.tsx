import type { ReactNode } from 'react';
import { Button, Card, Empty, Form, Space } from 'antd';
import { ArrowDownOutlined, ArrowUpOutlined, DeleteOutlined, PlusOutlined } from '@ant-design/icons';

interface OrderedListProps {
  name: string;
  /** 第1完成人, 第2完成单位 … */
  rankLabel(rank: number): string;
  addText: string;
  emptyText: string;
  disabled: boolean;
  /** A hint under the list (e.g. the grade's cap). */
  hint?: ReactNode;
  /** The fields of one entry; `index` is the entry's place in the list (its name path's second part). */
  renderFields(index: number): ReactNode;
  newEntry?: Record<string, unknown>;
}

/**
 * An ordered, editable list (主要完成人, 主要完成单位, 知识产权 …): each entry is a card headed by its
 * rank, with 上移 / 下移 / 删除; the order is the rank the declaration states.
 */
export function OrderedList({ name, rankLabel, addText, emptyText, disabled, hint, renderFields, newEntry = {} }: OrderedListProps) {
  return (
    <Form.List name={name}>
      {(fields, { add, remove, move }) => (
        <div className="dl-ordered-list">
          {fields.length === 0 ? <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={emptyText} /> : null}
          {fields.map((field, index) => (
            <Card
              key={field.key}
              size="small"
              className="dl-ordered-list__item"
              title={rankLabel(index + 1)}
              extra={
                disabled ? null : (
                  <Space size={4}>
                    <Button size="small" type="text" icon={<ArrowUpOutlined />} disabled={index === 0} onClick={() => move(index, index - 1)} aria-label={`上移${rankLabel(index + 1)}`} />
                    <Button
                      size="small"
                      type="text"
                      icon={<ArrowDownOutlined />}
                      disabled={index === fields.length - 1}
                      onClick={() => move(index, index + 1)}
                      aria-label={`下移${rankLabel(index + 1)}`}
                    />
                    <Button size="small" type="text" danger icon={<DeleteOutlined />} onClick={() => remove(index)} aria-label={`删除${rankLabel(index + 1)}`} />
                  </Space>
                )
              }
            >
              {renderFields(field.name)}
            </Card>
          ))}
          {hint ? <div className="dl-ordered-list__hint">{hint}</div> : null}
          {disabled ? null : (
            <Button type="dashed" block icon={<PlusOutlined />} onClick={() => add(newEntry)}>
              {addText}
            </Button>
          )}
        </div>
      )}
    </Form.List>
  );
}
