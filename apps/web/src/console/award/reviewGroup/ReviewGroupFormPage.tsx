import { DisciplinePicker } from '../../../components/DisciplinePicker';
import { DatePicker, Divider, Form, Input, InputNumber, Select, Switch } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { REVIEW_GROUP_PERMISSIONS, reviewGroupBody, reviewGroupSettings, DEFAULT_ALTERNATES, DEFAULT_EXPERTS_PER_DECLARATION, DEFAULT_MAX_LOAD } from '@dandelion/shared/award/reviewGroup';
import { auditItems, tagsOf, yesNo, type DetailItem } from '../../../components/detail';
import { FormPage, rulesOf } from '../../../components/form';
import { useAwardFilterOptions } from '../../../components/useAwardFilterOptions';
import { reviewGroupApi, type ReviewGroup, type ReviewGroupFormValues } from './api';
import { groupStatusTag } from './ReviewGroupListPage';

const rules = rulesOf(reviewGroupBody);
const settingRules = rulesOf(reviewGroupSettings);

const NEW_GROUP: Partial<ReviewGroupFormValues> = {
  disciplineCodes: [],
  expertsPerDeclaration: DEFAULT_EXPERTS_PER_DECLARATION,
  maxLoad: DEFAULT_MAX_LOAD,
  settings: { outOfRegionOnly: false, maxAge: null, alternates: DEFAULT_ALTERNATES },
};

const groupDetail = {
  editPermission: REVIEW_GROUP_PERMISSIONS.upd,
  items: (g: ReviewGroup): DetailItem[] => [
    { label: '评审组名称', value: g.groupName },
    { label: '状态', value: groupStatusTag(g.status) },
    { label: '届次', value: g.editionName ?? '—' },
    { label: '奖种', value: g.prizeName ?? '—' },
    { label: '学科代码', value: tagsOf(g.disciplineCodes), span: 'filled' },
    { label: '组长', value: g.leaderName ?? '未指定' },
    { label: '每项评审专家', value: `${g.expertsPerDeclaration} 人` },
    { label: '每位专家最多评审', value: `${g.maxLoad} 项` },
    { label: '候补专家', value: `每项 ${g.settings.alternates} 人` },
    { label: '评审截止日期', value: g.deadline ?? '未设置' },
    { label: '只聘请外地专家', value: yesNo(g.settings.outOfRegionOnly) },
    { label: '专家年龄上限', value: g.settings.maxAge ? `${g.settings.maxAge} 岁` : '不限' },
    { label: '申报书 / 专家', value: `${g.declarationCount} 项 / ${g.expertCount} 人` },
    { label: '最近方案随机种子', value: g.seed ?? '尚未生成' },
    ...auditItems(g),
  ],
};

/** /award/reviewGroup/reviewGroupAdd|reviewGroupUpd?id=|reviewGroupDetail?id=: a group's edition, prize, disciplines, k, load and deadline. */
export default function ReviewGroupFormPage() {
  const [form] = Form.useForm<ReviewGroupFormValues>();
  const { editions, prizes } = useAwardFilterOptions();
  return (
    <FormPage<ReviewGroupFormValues, ReviewGroup>
      entityName="评审组"
      detail={groupDetail}
      form={form}
      load={(id, signal) => reviewGroupApi.detail(id, signal)}
      toValues={(g) => ({
        editionId: g.editionId,
        prizeId: g.prizeId,
        groupName: g.groupName,
        disciplineCodes: g.disciplineCodes,
        expertsPerDeclaration: g.expertsPerDeclaration,
        maxLoad: g.maxLoad,
        deadline: g.deadline ?? undefined,
        settings: g.settings,
      })}
      initialValues={NEW_GROUP}
      save={(values, { mode, id, record }) => (mode === 'add' ? reviewGroupApi.add(values) : reviewGroupApi.update(id!, record!.lockVersion, values))}
    >
      <Divider titlePlacement="start">基本信息</Divider>
      <Form.Item name="groupName" label="评审组名称" rules={rules.groupName}>
        <Input placeholder="如 材料科学一组" maxLength={64} />
      </Form.Item>
      <Form.Item name="editionId" label="届次" rules={[{ required: true, message: '请选择届次' }]}>
        <Select options={editions ?? []} placeholder="请选择届次" showSearch optionFilterProp="label" />
      </Form.Item>
      <Form.Item name="prizeId" label="奖种" rules={[{ required: true, message: '请选择奖种' }]}>
        <Select options={prizes ?? []} placeholder="请选择奖种" showSearch optionFilterProp="label" />
      </Form.Item>
      <Form.Item name="disciplineCodes" label="学科" rules={rules.disciplineCodes} extra="本组覆盖的学科（一级或二级）；按学科加入申报书和筛选专家时使用。">
        <DisciplinePicker max={10} placeholder="请选择本组覆盖的学科" />
      </Form.Item>
      <Divider titlePlacement="start">分配规则</Divider>
      <Form.Item name="expertsPerDeclaration" label="每项评审专家" rules={rules.expertsPerDeclaration}>
        <InputNumber min={1} max={15} precision={0} addonAfter="人" style={{ width: 160 }} />
      </Form.Item>
      <Form.Item name="maxLoad" label="每位专家最多" rules={rules.maxLoad} extra="可在成员页为个别专家单独设置。">
        <InputNumber min={1} max={200} precision={0} addonAfter="项" style={{ width: 160 }} />
      </Form.Item>
      <Form.Item name={['settings', 'alternates']} label="候补专家" rules={settingRules.alternates} extra="评审专家拒绝、回避或超期时按顺序递补。">
        <InputNumber min={2} max={3} precision={0} addonBefore="每项" addonAfter="人" style={{ width: 200 }} />
      </Form.Item>
      <Form.Item
        name="deadline"
        label="评审截止日期"
        rules={rules.deadline}
        extra="推送前必须设置；候补专家递补时至少另给 5 个工作日。"
        getValueProps={(value?: string | null) => ({ value: value ? dayjs(value) : null })}
        normalize={(value: Dayjs | null) => (value ? value.format('YYYY-MM-DD') : null)}
      >
        <DatePicker placeholder="请选择日期" style={{ width: 160 }} />
      </Form.Item>
      <Form.Item name={['settings', 'outOfRegionOnly']} label="只聘请外地专家" valuePropName="checked">
        <Switch checkedChildren="是" unCheckedChildren="否" />
      </Form.Item>
      <Form.Item name={['settings', 'maxAge']} label="专家年龄上限" rules={settingRules.maxAge} extra="留空表示不限。">
        <InputNumber min={30} max={100} precision={0} addonAfter="岁" style={{ width: 160 }} />
      </Form.Item>
    </FormPage>
  );
}
