import { Form, Input, Modal, Select } from 'antd';
import { LOOKUP_KIND_LABELS, LOOKUP_LEVEL_LABELS, lookupBody, type LookupKind } from '@dandelion/shared/award/lookup';
import { optionsOf } from '../../../lib/options';
import { FormModal, RemarkField, SortField, rulesOf } from '../../../components/form';
import { auditItems, DetailView, labelTag, multilineOf, textOf } from '../../../components/detail';
import type { Lookup, LookupApi, LookupValues } from './api';

/** The same rules and messages the server applies (packages/shared/src/award/lookup.ts). */
const rules = rulesOf(lookupBody);
const LEVEL_OPTIONS = optionsOf(LOOKUP_LEVEL_LABELS);
const LEVEL_COLORS: Readonly<Record<string, string>> = { NATIONAL: 'red', PROVINCIAL: 'orange', CITY: 'blue', OTHER: 'default' };

export const levelTag = (level: string) => labelTag(LOOKUP_LEVEL_LABELS, level, LEVEL_COLORS);

/** What 编号 means in each list: a programme's code, a project's number, a source's category code. */
export const CODE_HINTS: Readonly<Record<LookupKind, string>> = {
  FUND: '如 NSFC；同一列表内不能重复，可不填',
  PROJECT: '如 2017ZX01 或项目批准号；同一列表内不能重复，可不填',
  ORIGIN: '如 01；同一列表内不能重复，可不填',
};

export interface LookupFormTarget {
  /** The row being edited; null to add one. */
  record: Lookup | null;
}

/** 新增 / 修改 a fund, plan project or task origin. */
export function LookupFormModal({ kind, api, target, onSaved, onClose }: { kind: LookupKind; api: LookupApi; target: LookupFormTarget | null; onSaved: () => void; onClose: () => void }) {
  const [form] = Form.useForm<LookupValues>();
  const entity = LOOKUP_KIND_LABELS[kind];
  const record = target?.record ?? null;
  const initialValues: Partial<LookupValues> = record
    ? { name: record.name, code: record.code, agency: record.agency, level: record.level, remark: record.remark, sort: record.sort }
    : { level: kind === 'ORIGIN' ? 'OTHER' : 'NATIONAL', sort: 0 };
  return (
    <FormModal<LookupValues, Lookup>
      open={!!target}
      name={`lookup-${kind.toLowerCase()}`}
      title={record ? `修改${entity}` : `新增${entity}`}
      form={form}
      initialValues={initialValues}
      save={(values) => (record ? api.update(record, values) : api.add(values))}
      onSaved={onSaved}
      onClose={onClose}
    >
      <Form.Item name="name" label="名称" rules={rules.name} required>
        <Input placeholder="请输入名称" />
      </Form.Item>
      <Form.Item name="code" label="编号" rules={rules.code} extra={CODE_HINTS[kind]}>
        <Input placeholder="请输入编号" />
      </Form.Item>
      <Form.Item name="agency" label="主管部门" rules={rules.agency}>
        <Input placeholder="如 科学技术部" />
      </Form.Item>
      <Form.Item name="level" label="级别" rules={rules.level}>
        <Select options={LEVEL_OPTIONS} placeholder="请选择级别" />
      </Form.Item>
      <SortField rules={rules.sort} extra="数字小的排在前面；收藏的总在最前" />
      <RemarkField rules={rules.remark} />
    </FormModal>
  );
}

/** 详情 in a dialog: the lists have no pages of their own besides the list. */
export function LookupDetailModal({ kind, record, editPermission, onEdit, onClose }: { kind: LookupKind; record: Lookup | null; editPermission: string; onEdit: (record: Lookup) => void; onClose: () => void }) {
  const entity = LOOKUP_KIND_LABELS[kind];
  return (
    <Modal open={!!record} footer={null} closable={false} width={720} onCancel={onClose} destroyOnHidden>
      {record && (
        <DetailView
          title={`${entity}详情`}
          column={1}
          items={[
            { label: '名称', value: record.name },
            { label: '编号', value: textOf(record.code) },
            { label: '主管部门', value: textOf(record.agency) },
            { label: '级别', value: levelTag(record.level) },
            { label: '排序', value: record.sort },
            { label: '已收藏', value: record.collected ? '是' : '否' },
            { label: '备注', value: multilineOf(record.remark) },
            ...auditItems(record),
          ]}
          editPermission={editPermission}
          onEdit={() => onEdit(record)}
          onBack={onClose}
        />
      )}
    </Modal>
  );
}
