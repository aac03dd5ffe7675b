import { Divider, Form, Input, InputNumber, Select, Switch } from 'antd';
import { useQuery } from '@tanstack/react-query';
import { DEFAULT_ELIGIBILITY, EDITION_STAGES, editionBody, editionEligibility } from '@dandelion/shared/award/edition';
import { FormPage, rulesOf } from '../../../components/form';
import { editionApi, type Edition, type EditionFormValues } from './api';
import { StageDatesField } from './StageDatesField';
import { editionDetail } from './EditionDetail';

const rules = rulesOf(editionBody);
const eligibilityRules = rulesOf(editionEligibility);

const NEW_EDITION: Partial<EditionFormValues> = {
  year: new Date().getFullYear(),
  prizeIds: [],
  stages: EDITION_STAGES.map((stage) => ({ stage, startDate: null, endDate: null })),
  unitReview: true,
  nominatorReview: true,
  fixDeadlineWorkingDays: 5,
  eligibility: DEFAULT_ELIGIBILITY,
};

/** /award/edition/editionAdd|editionUpd?id=|editionDetail?id=: an edition's prizes, stage dates, review levels and rules. */
export default function EditionFormPage() {
  const [form] = Form.useForm<EditionFormValues>();
  const prizes = useQuery({ queryKey: ['edition-prize-options'], queryFn: ({ signal }) => editionApi.prizeOptions(signal), staleTime: 60_000 });
  const unitReview = Form.useWatch('unitReview', form) ?? true;
  const nominatorReview = Form.useWatch('nominatorReview', form) ?? true;
  return (
    <FormPage<EditionFormValues, Edition>
      entityName="届次"
      detail={editionDetail}
      form={form}
      load={(id, signal) => editionApi.detail(id, signal)}
      toValues={(edition) => ({ ...edition, guide: edition.guide ?? undefined })}
      initialValues={NEW_EDITION}
      save={(values, { mode, id, record }) => (mode === 'add' ? editionApi.add(values) : editionApi.update(id!, record!.lockVersion, values))}
    >
      <Divider titlePlacement="start">基本信息</Divider>
      <Form.Item name="year" label="年度" rules={rules.year}>
        <InputNumber min={2000} max={2100} precision={0} style={{ width: 160 }} />
      </Form.Item>
      <Form.Item name="editionName" label="届次名称" rules={rules.editionName}>
        <Input placeholder="如 2026年度科学技术奖" />
      </Form.Item>
      <Form.Item name="prizeIds" label="开放奖种" rules={rules.prizeIds} extra="只能选择启用的奖种；发布前至少选择一个。">
        <Select mode="multiple" options={prizes.data ?? []} loading={prizes.isPending} placeholder="请选择本届开放申报的奖种" />
      </Form.Item>
      <Form.Item name="guide" label="申报通知" rules={rules.guide}>
        <Input.TextArea rows={3} maxLength={5000} showCount placeholder="本届申报的要求与说明，显示在门户的申报页" />
      </Form.Item>
      <Divider titlePlacement="start">审核层级</Divider>
      <Form.Item name="unitReview" label="单位审核" valuePropName="checked" extra="关闭后申报人提交即送提名单位（或奖励办）。">
        <Switch checkedChildren="需要" unCheckedChildren="不需要" />
      </Form.Item>
      <Form.Item name="nominatorReview" label="提名单位审核" valuePropName="checked" extra="关闭后单位审核通过即送奖励办形式审查。">
        <Switch checkedChildren="需要" unCheckedChildren="不需要" />
      </Form.Item>
      <Form.Item name="fixDeadlineWorkingDays" label="限期修改" rules={rules.fixDeadlineWorkingDays} extra="形式审查退回修改时给申报人的期限，按节假日日历计工作日。">
        <InputNumber min={1} max={60} precision={0} addonAfter="个工作日" style={{ width: 200 }} />
      </Form.Item>
      <Divider titlePlacement="start">各阶段日期</Divider>
      <StageDatesField unitReview={unitReview} nominatorReview={nominatorReview} />
      <Divider titlePlacement="start">资格规则</Divider>
      <Form.Item name={['eligibility', 'onePersonOneDeclaration']} label="一人一项" valuePropName="checked" extra="同一人在本届只能作为一个项目的主要完成人。">
        <Switch checkedChildren="限制" unCheckedChildren="不限" />
      </Form.Item>
      <Form.Item name={['eligibility', 'excludeWinnersOfLastEditions']} label="近届获奖限制" rules={eligibilityRules.excludeWinnersOfLastEditions} extra="近几届获奖的项目本届不得申报；0 表示不限制。">
        <InputNumber min={0} max={10} precision={0} addonBefore="近" addonAfter="届" style={{ width: 200 }} />
      </Form.Item>
      <Form.Item name={['eligibility', 'excludeNotAwardedLastEdition']} label="上届未获奖项目" valuePropName="checked" extra="上届参评未获奖的项目本届不得再次申报。">
        <Switch checkedChildren="不得申报" unCheckedChildren="可以申报" />
      </Form.Item>
    </FormPage>
  );
}
