import { Form, Input, Select } from 'antd';
import { COMMITTEE_RATIO_LABELS, committeeDefaultsBody, sittingBody } from '@dandelion/shared/award/committee';
import { FormModal } from '../../../components/form/FormModal';
import { rulesOf } from '../../../components/form/zodRules';
import { useAwardFilterOptions } from '../../../components/useAwardFilterOptions';
import { optionsOf } from '../../../lib/options';
import { committeeApi, useCommitteeDefaults, useMemberCandidates, type SittingDetail, type SittingValues } from './api';

const rules = rulesOf(sittingBody);
const defaultsRules = rulesOf(committeeDefaultsBody);
const ratioOptions = optionsOf(COMMITTEE_RATIO_LABELS);

/**
 * 新建会议 / 修改: edition and prize (fixed once created: the declarations came from them), the title,
 * the members (holders of 评审委员会委员) and the two ratios. Editing carries the sitting's members.
 */
export function SittingFormModal({ editing, open, onClose, onSaved }: { editing: SittingDetail | null; open: boolean; onClose: () => void; onSaved: () => void }) {
  const [form] = Form.useForm<SittingValues>();
  const { editions, prizes } = useAwardFilterOptions();
  const candidates = useMemberCandidates(open);
  const defaults = useCommitteeDefaults(open && !editing);
  const initialValues: Partial<SittingValues> = editing
    ? { editionId: editing.editionId, prizeId: editing.prizeId, title: editing.title, memberIds: editing.members.map((m) => m.userId), quorumRatio: editing.quorumRatio, passRatio: editing.passRatio }
    : { memberIds: [], quorumRatio: defaults.data?.quorumRatio ?? '2/3', passRatio: defaults.data?.passRatio ?? '2/3' };
  return (
    <FormModal<SittingValues, unknown>
      open={open}
      title={editing ? '修改会议' : '新建会议'}
      name="committeeSitting"
      form={form}
      initialValues={initialValues}
      save={(values) => (editing ? committeeApi.update(editing.id, editing.lockVersion, values) : committeeApi.add(values))}
      onSaved={onSaved}
      onClose={onClose}
      doneMessage={editing ? '保存成功' : '会议已创建，专家评审通过的申报书已上会'}
    >
      <Form.Item name="editionId" label="届次" rules={rules.editionId}>
        <Select options={editions} disabled={!!editing} placeholder="请选择届次" />
      </Form.Item>
      <Form.Item name="prizeId" label="奖种" rules={rules.prizeId}>
        <Select options={prizes} disabled={!!editing} placeholder="请选择奖种" />
      </Form.Item>
      <Form.Item name="title" label="会议名称" rules={rules.title}>
        <Input maxLength={100} placeholder="如：2026年度自然科学奖评审委员会" />
      </Form.Item>
      <Form.Item name="memberIds" label="委员" rules={rules.memberIds} extra="从持有“评审委员会委员”角色的用户中选择；开始投票后不能再改。">
        <Select
          mode="multiple"
          loading={candidates.isPending}
          optionFilterProp="label"
          placeholder="请选择委员"
          options={(candidates.data ?? []).map((c) => ({ value: c.userId, label: c.name }))}
        />
      </Form.Item>
      <Form.Item name="quorumRatio" label="法定人数" rules={rules.quorumRatio} extra="每份申报书的投票人数须达到委员人数的该比例。">
        <Select options={ratioOptions} />
      </Form.Item>
      <Form.Item name="passRatio" label="通过比例" rules={rules.passRatio} extra="拟授奖等级须获得投票人数的该比例，否则降一等再计。">
        <Select options={ratioOptions} />
      </Form.Item>
    </FormModal>
  );
}

/** 默认设置: the ratios a new sitting starts from. */
export function DefaultsModal({ open, onClose }: { open: boolean; onClose: () => void }) {
  const [form] = Form.useForm<{ quorumRatio: '1/2' | '2/3' | '3/4'; passRatio: '1/2' | '2/3' | '3/4' }>();
  const defaults = useCommitteeDefaults(open);
  const d = defaults.data;
  return (
    <FormModal
      open={open && !!d}
      title="默认设置"
      name="committeeDefaults"
      form={form}
      initialValues={{ quorumRatio: d?.quorumRatio, passRatio: d?.passRatio }}
      save={(values) => committeeApi.saveDefaults({ ...values, lockVersion: d!.lockVersion })}
      onSaved={() => {
        void defaults.refetch();
        onClose();
      }}
      onClose={onClose}
    >
      <Form.Item name="quorumRatio" label="法定人数" rules={defaultsRules.quorumRatio}>
        <Select options={ratioOptions} />
      </Form.Item>
      <Form.Item name="passRatio" label="通过比例" rules={defaultsRules.passRatio}>
        <Select options={ratioOptions} />
      </Form.Item>
    </FormModal>
  );
}
