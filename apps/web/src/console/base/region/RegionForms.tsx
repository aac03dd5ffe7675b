import { useState } from 'react';
import { Button, Empty, Form, Input, InputNumber, Space, Tag, Typography, type FormRule } from 'antd';
import { PlusOutlined } from '@ant-design/icons';
import { MAX_REGION_LEVEL, regionBody, regionGroupBody } from '@dandelion/shared/base/region';
import { rulesOf } from '../../../components/form';
import { RegionCascader, type RegionPick } from '../../../components/RegionCascader';
import { regionApi, type GroupDetail, type GroupValues, type Region, type RegionDetail, type RegionValues } from './api';
import { FormModal } from '../../../components/form/FormModal';

/** The same rules and messages the server applies (packages/shared/src/base/region.ts). */
const regionRules = rulesOf(regionBody);
const groupRules = rulesOf(regionGroupBody);
const blankToNull = (text: string | null | undefined) => (text?.trim() ? text : null);

interface RegionFields {
  parentPath?: string[];
  regionCode: string;
  regionName: string;
  sort?: number | null;
  remark: string | null;
}

export interface RegionFormTarget {
  /** The region being edited (with its parent path); null to add one. */
  record: RegionDetail | null;
  /** Where a new region goes (新增下级): the parent's path codes. */
  parentPath?: string[];
}

/** 新增/修改行政区划; the parent is picked with the RegionCascader. */
export function RegionFormModal({ target, onSaved, onClose }: { target: RegionFormTarget | null; onSaved: (saved: Region) => void; onClose: () => void }) {
  const [form] = Form.useForm<RegionFields>();
  const record = target?.record ?? null;
  const initialValues: Partial<RegionFields> = record
    ? { parentPath: record.parentPath, regionCode: record.regionCode, regionName: record.regionName, sort: record.sort, remark: record.remark }
    : { parentPath: target?.parentPath ?? [] };
  return (
    <FormModal<RegionFields, Region>
      open={!!target}
      name="region"
      title={record ? '修改行政区划' : '新增行政区划'}
      form={form}
      initialValues={initialValues}
      save={(values) => {
        const body: RegionValues = {
          parentCode: values.parentPath?.at(-1) ?? null, regionCode: values.regionCode, regionName: values.regionName, sort: values.sort ?? undefined, remark: blankToNull(values.remark),
        };
        return record ? regionApi.update(record, body) : regionApi.add(body);
      }}
      onSaved={onSaved}
      onClose={onClose}
    >
      <Form.Item name="parentPath" label="上级区划" extra="不选为省级；最多五级（省、市、县、乡镇、村）">
        <RegionCascader changeOnSelect maxLevel={MAX_REGION_LEVEL - 1} disabledCodes={record ? [record.regionCode] : []} placeholder="省级（无上级）" />
      </Form.Item>
      <Form.Item name="regionCode" label="区划代码" rules={regionRules.regionCode}>
        <Input placeholder="如 330106（乡镇 9 位、村 12 位）" />
      </Form.Item>
      <Form.Item name="regionName" label="区划名称" rules={regionRules.regionName}>
        <Input placeholder="如 西湖区" />
      </Form.Item>
      <Form.Item name="sort" label="排序" extra="不填则排在同级最后">
        <InputNumber min={0} max={99999} precision={0} style={{ width: '100%' }} />
      </Form.Item>
      <Form.Item name="remark" label="备注" rules={regionRules.remark}>
        <Input.TextArea rows={2} placeholder="请输入备注" />
      </Form.Item>
    </FormModal>
  );
}

interface Member {
  regionCode: string;
  /** The path's names: 浙江省 / 杭州市. */
  label: string;
}

/** 成员区划: pick a region (any level) with the cascader and add it; members show as closable tags. */
function MemberPicker({ value = [], onChange }: { value?: Member[]; onChange?: (members: Member[]) => void }) {
  const [path, setPath] = useState<string[]>([]);
  const [picked, setPicked] = useState<RegionPick[]>([]);
  const add = () => {
    const last = picked.at(-1);
    if (!last || value.some((m) => m.regionCode === last.regionCode)) return;
    onChange?.([...value, { regionCode: last.regionCode, label: picked.map((p) => p.regionName).join(' / ') }]);
    setPath([]);
    setPicked([]);
  };
  return (
    <div>
      <Space.Compact block>
        <RegionCascader
          aria-label="选择成员区划"
          changeOnSelect
          maxLevel={MAX_REGION_LEVEL}
          value={path}
          onChange={(codes, regions) => {
            setPath(codes);
            setPicked(regions);
          }}
          placeholder="选择省、市或区县"
        />
        <Button icon={<PlusOutlined />} disabled={!picked.length} onClick={add}>
          添加
        </Button>
      </Space.Compact>
      <div className="region-members" style={{ marginTop: 8, maxHeight: 160, overflowY: 'auto' }}>
        {value.length ? (
          value.map((m) => (
            <Tag key={m.regionCode} closable onClose={() => onChange?.(value.filter((x) => x.regionCode !== m.regionCode))} style={{ marginBottom: 4 }}>
              {m.label}
            </Tag>
          ))
        ) : (
          <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description="尚未添加成员区划" style={{ margin: 0 }} />
        )}
      </div>
      <Typography.Text type="secondary" style={{ fontSize: 12 }}>
        已选 {value.length} 个区划
      </Typography.Text>
    </div>
  );
}

/** The members as the group's regionCodes: the schema's rule, on the picked regions. */
const memberRules: FormRule[] = [
  {
    required: true,
    validator: async (_rule, members: Member[] | undefined) => {
      const result = regionGroupBody.shape.regionCodes.safeParse((members ?? []).map((m) => m.regionCode));
      if (!result.success) throw new Error(result.error.issues[0]?.message);
    },
  },
];

interface GroupFields {
  groupCode: string;
  groupName: string;
  sort?: number | null;
  remark: string | null;
  members: Member[];
}

/** 新增/修改区划分组 with its members. */
export function GroupFormModal({ target, onSaved, onClose }: { target: { record: GroupDetail | null } | null; onSaved: () => void; onClose: () => void }) {
  const [form] = Form.useForm<GroupFields>();
  const record = target?.record ?? null;
  const initialValues: Partial<GroupFields> = record
    ? { groupCode: record.groupCode, groupName: record.groupName, sort: record.sort, remark: record.remark, members: record.members.map((m) => ({ regionCode: m.regionCode, label: m.regionName })) }
    : { sort: 0, members: [] };
  return (
    <FormModal<GroupFields, GroupDetail>
      open={!!target}
      name="region-group"
      title={record ? '修改区划分组' : '新增区划分组'}
      form={form}
      initialValues={initialValues}
      save={(values) => {
        const body: GroupValues = {
          groupCode: values.groupCode, groupName: values.groupName, sort: values.sort ?? 0, remark: blankToNull(values.remark), regionCodes: values.members.map((m) => m.regionCode),
        };
        return record ? regionApi.updateGroup(record, body) : regionApi.addGroup(body);
      }}
      onSaved={onSaved}
      onClose={onClose}
    >
      <Form.Item name="groupCode" label="分组编码" rules={groupRules.groupCode}>
        <Input placeholder="如 EAST_CHINA" />
      </Form.Item>
      <Form.Item name="groupName" label="分组名称" rules={groupRules.groupName}>
        <Input placeholder="如 华东地区" />
      </Form.Item>
      <Form.Item name="members" label="成员区划" rules={memberRules}>
        <MemberPicker />
      </Form.Item>
      <Form.Item name="sort" label="排序">
        <InputNumber min={0} max={99999} precision={0} style={{ width: '100%' }} />
      </Form.Item>
      <Form.Item name="remark" label="备注" rules={groupRules.remark}>
        <Input.TextArea rows={2} placeholder="请输入备注" />
      </Form.Item>
    </FormModal>
  );
}
