import { useMemo } from 'react';
import { Form, Input, InputNumber, Select, TreeSelect, Typography } from 'antd';
import { categoryBody, itemBody, MAX_CATEGORY_LEVEL, zDictCode } from '@dandelion/shared/base/dict';
import { DUPLICATE_CHECK_DEBOUNCE_MS, duplicateRule, rulesOf } from '../../../components/form';
import { dictApi, type AppWithDicts, type CategoryNode, type CategoryValues, type DictRecord, type ItemValues } from './api';
import { FormModal } from '../../../components/form/FormModal';

/** The same rules and messages the server applies (packages/shared/src/base/dict.ts); categories and items share them. */
const categoryRules = rulesOf(categoryBody);
const itemRules = rulesOf(itemBody);
const blankToNull = (text: string | null | undefined) => (text?.trim() ? text : null);

/**
 * The live duplicate check of a code. The server registers the full code (PARENT|CODE, as its
 * rules.ts fullCodeOf builds it), so the typed code is asked about under its parent's full code.
 */
const codeTakenRule = (parentFullCode: string | null | undefined, dataId: string | undefined) =>
  duplicateRule({
    tableName: 'dictionary',
    fieldName: 'dictFullCode',
    dataId,
    schema: zDictCode,
    // undefined: the parent is not known here, so no full code can be told and nothing is asked.
    fieldVal: (code) => (parentFullCode === undefined ? null : parentFullCode === null ? code : `${parentFullCode}|${code}`),
  });

interface ParentOption {
  value: string;
  title: string;
  disabled: boolean;
  children: ParentOption[];
}

/** Categories a category may go under: not itself nor below itself, not at the deepest level. */
function parentOptions(nodes: CategoryNode[], selfId: string | null): ParentOption[] {
  return nodes
    .filter((n) => n.dictId !== selfId)
    .map((n) => ({ value: n.dictId, title: `${n.dictName}（${n.dictCode}）`, disabled: n.dictLevel >= MAX_CATEGORY_LEVEL, children: parentOptions(n.childrens, selfId) }));
}

const findNode = (nodes: CategoryNode[], id: string | null): CategoryNode | undefined =>
  id ? nodes.reduce<CategoryNode | undefined>((hit, n) => hit ?? (n.dictId === id ? n : findNode(n.childrens, id)), undefined) : undefined;

export interface CategoryFormTarget {
  /** The category being edited; null to add one. */
  record: DictRecord | null;
  /** Where a new category goes (新增下级). */
  parentId?: string | null;
}

/** 新增/修改字典分类. */
export function CategoryFormModal({ target, tree, apps, onSaved, onClose }: {
  target: CategoryFormTarget | null;
  tree: CategoryNode[];
  apps: AppWithDicts[];
  onSaved: (saved: DictRecord) => void;
  onClose: () => void;
}) {
  const [form] = Form.useForm<CategoryValues>();
  const record = target?.record ?? null;
  const parentId = Form.useWatch('parentId', form) ?? null;
  const parent = findNode(tree, parentId);
  const options = useMemo(() => parentOptions(tree, record?.dictId ?? null), [tree, record]);
  const initialValues: Partial<CategoryValues> = record
    ? { parentId: record.parentId, dictCode: record.dictCode, dictName: record.dictName, dictSort: record.dictSort, remark: record.remark, appCode: record.appCode ?? '' }
    : { parentId: target?.parentId ?? null, appCode: '' };

  return (
    <FormModal<CategoryValues, DictRecord>
      open={!!target}
      name="dict-category"
      title={record ? '修改字典分类' : '新增字典分类'}
      form={form}
      initialValues={initialValues}
      save={(values) => {
        const body: CategoryValues = { ...values, parentId: values.parentId ?? null, appCode: values.appCode || null, dictSort: values.dictSort ?? undefined, remark: blankToNull(values.remark) };
        return record ? dictApi.editCategory(record, body) : dictApi.addCategory(body);
      }}
      onSaved={onSaved}
      onClose={onClose}
    >
      <Form.Item name="parentId" label="上级分类" extra="不选为顶级分类；最多三级">
        <TreeSelect allowClear treeDefaultExpandAll placeholder="顶级分类" treeData={options} showSearch={{ treeNodeFilterProp: 'title' }} />
      </Form.Item>
      {/* A category code is unique in the whole tree, but only its full code can be asked about: a code
          used under another parent is still refused by 保存 (字典分类编码「…」已存在). */}
      <Form.Item
        name="dictCode"
        label="分类编码"
        dependencies={['parentId']}
        rules={[...categoryRules.dictCode, codeTakenRule(parentId ? parent?.dictFullCode : null, record?.dictId)]}
        validateDebounce={DUPLICATE_CHECK_DEBOUNCE_MS}
      >
        <Input placeholder="如 ORG_TYPE" />
      </Form.Item>
      <Form.Item name="dictName" label="分类名称" rules={categoryRules.dictName}>
        <Input placeholder="如 机构类型" />
      </Form.Item>
      <Form.Item name="appCode" label="所属应用" extra={parent ? `下级分类随顶级分类，属于「${parent.appCode ? (apps.find((a) => a.appCode === parent.appCode)?.appName ?? parent.appCode) : '公共'}」` : '公共分类供所有应用使用'}>
        <Select disabled={!!parent} options={[{ value: '', label: '公共（所有应用）' }, ...apps.map((a) => ({ value: a.appCode, label: `${a.appName}（${a.appCode}）` }))]} />
      </Form.Item>
      <Form.Item name="dictSort" label="排序" extra="不填则排在同级最后">
        <InputNumber min={0} max={99999} precision={0} style={{ width: '100%' }} />
      </Form.Item>
      <Form.Item name="remark" label="备注" rules={categoryRules.remark}>
        <Input.TextArea rows={3} placeholder="请输入备注" />
      </Form.Item>
    </FormModal>
  );
}

export interface ItemFormTarget {
  category: CategoryNode;
  /** The value being edited; null to add one. */
  record: DictRecord | null;
}

/** 新增/修改字典项. */
export function ItemFormModal({ target, onSaved, onClose }: { target: ItemFormTarget | null; onSaved: (saved: DictRecord) => void; onClose: () => void }) {
  const [form] = Form.useForm<ItemValues>();
  const record = target?.record ?? null;
  const initialValues: Partial<ItemValues> = record ? { dictCode: record.dictCode, dictName: record.dictName, dictSort: record.dictSort, remark: record.remark } : {};
  return (
    <FormModal<ItemValues, DictRecord>
      open={!!target}
      name="dict-item"
      title={record ? '修改字典项' : '新增字典项'}
      form={form}
      initialValues={initialValues}
      save={(values) => {
        const body: ItemValues = { ...values, dictSort: values.dictSort ?? undefined, remark: blankToNull(values.remark) };
        return record ? dictApi.editItem(record, body) : dictApi.addItem(target!.category.dictId, body);
      }}
      onSaved={onSaved}
      onClose={onClose}
    >
      <Form.Item label="所属分类">
        <Typography.Text>{target ? `${target.category.dictName}（${target.category.dictCode}）` : ''}</Typography.Text>
      </Form.Item>
      <Form.Item
        name="dictCode"
        label="字典项编码"
        rules={[...itemRules.dictCode, codeTakenRule(target?.category.dictFullCode, record?.dictId)]}
        validateDebounce={DUPLICATE_CHECK_DEBOUNCE_MS}
      >
        <Input placeholder="保存到业务数据中的值，如 UNIT" />
      </Form.Item>
      <Form.Item name="dictName" label="字典项名称" rules={itemRules.dictName}>
        <Input placeholder="下拉框中显示的文字，如 单位" />
      </Form.Item>
      <Form.Item name="dictSort" label="排序" extra="不填则排在最后">
        <InputNumber min={0} max={99999} precision={0} style={{ width: '100%' }} />
      </Form.Item>
      <Form.Item name="remark" label="备注" rules={itemRules.remark}>
        <Input.TextArea rows={3} placeholder="请输入备注" />
      </Form.Item>
    </FormModal>
  );
}
