import { Form, Input, Radio, Select } from 'antd';
import { OBJECTION_ACTION_LABELS, objectionCalls, objectionDecideBody } from '@dandelion/shared/award/objection';
import { FormModal, rulesOf } from '../../../components/form';
import { optionsOf } from '../../../lib/options';
import { objectionApi, type ObjectionRow } from './api';

/** The handling moves that open a dialog: each with its own opinion rule from the contract. */
export type ObjectionMoveKind = 'accept' | 'reject' | 'investigate' | 'decide';

const TITLES: Readonly<Record<ObjectionMoveKind, string>> = { accept: '受理异议', reject: '不予受理', investigate: '开始调查', decide: '处理结论' };
const decideRules = rulesOf(objectionDecideBody);
const rejectRules = rulesOf(objectionCalls.reject.body);

interface MoveValues {
  opinion?: string;
  upheld?: boolean;
  action?: 'REMOVE' | 'CORRECT' | 'NONE';
}

/** 受理 / 不予受理 / 开始调查 / 成立·不成立 with the action taken and the opinion, under the row's lockVersion. */
export function ObjectionMoveModal({ target, onClose, onDone }: { target: { row: ObjectionRow; kind: ObjectionMoveKind } | null; onClose: () => void; onDone: () => void }) {
  const [form] = Form.useForm<MoveValues>();
  const upheld = Form.useWatch('upheld', form);
  const kind = target?.kind;
  const save = (values: MoveValues) => {
    const ref = { objectionId: target!.row.objectionId, lockVersion: target!.row.lockVersion };
    if (kind === 'accept') return objectionApi.accept(ref, values.opinion || null);
    if (kind === 'reject') return objectionApi.reject(ref, values.opinion ?? '');
    if (kind === 'investigate') return objectionApi.investigate(ref, values.opinion || null);
    return objectionApi.decide(ref, { upheld: !!values.upheld, action: values.upheld ? values.action : null, opinion: values.opinion ?? '' });
  };
  return (
    <FormModal<MoveValues, unknown>
      open={!!target}
      name="objectionMove"
      title={kind ? `${TITLES[kind]}：${target!.row.subject}` : ''}
      form={form}
      initialValues={kind === 'decide' ? { upheld: false } : {}}
      save={save}
      onSaved={onDone}
      onClose={onClose}
      okText="确定"
      doneMessage={kind ? `已${TITLES[kind]}` : undefined}
    >
      {kind === 'decide' && (
        <>
          <Form.Item name="upheld" label="是否成立" rules={decideRules.upheld}>
            <Radio.Group options={[{ value: true, label: '成立' }, { value: false, label: '不成立' }]} />
          </Form.Item>
          {upheld && (
            <Form.Item name="action" label="处理措施" rules={[{ required: true, message: '异议成立时请选择处理措施' }]} extra="撤销申报的，申报书不予授奖；其余在无其他未结异议时恢复原状态">
              <Select options={optionsOf(OBJECTION_ACTION_LABELS)} placeholder="请选择处理措施" />
            </Form.Item>
          )}
        </>
      )}
      <Form.Item
        name="opinion"
        label={kind === 'reject' ? '不予受理理由' : kind === 'decide' ? '处理意见' : '意见'}
        rules={kind === 'reject' ? rejectRules.opinion : kind === 'decide' ? decideRules.opinion : undefined}
      >
        <Input.TextArea rows={4} maxLength={1000} showCount />
      </Form.Item>
    </FormModal>
  );
}
