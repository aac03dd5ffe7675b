import { useQuery } from '@tanstack/react-query';
import { Alert, Descriptions, Drawer, Spin, Timeline } from 'antd';
import { OBJECTION_ACTION_LABELS, OBJECTION_CATEGORY_LABELS, OBJECTION_STEP_LABELS, OBJECTOR_KIND_LABELS } from '@dandelion/shared/award/objection';
import { downloadByFileId } from '../../../api/download';
import { dateTimeOf, EMPTY_VALUE, multilineOf } from '../../../components/detail';
import { objectionApi } from './api';
import { objectionStatusTag } from './objectionTags';

export const objectionDetailKey = (objectionId: string | null) => ['award-objection', objectionId] as const;

/** 详情: what is disputed, the facts, the evidence (handlers only), the deadline and the timeline. */
export function ObjectionDetailDrawer({ objectionId, onClose }: { objectionId: string | null; onClose: () => void }) {
  const detail = useQuery({ queryKey: objectionDetailKey(objectionId), queryFn: ({ signal }) => objectionApi.detail(objectionId!, signal), enabled: !!objectionId });
  const d = detail.data;
  return (
    <Drawer open={!!objectionId} onClose={onClose} width={860} title={d ? `异议：${d.subject}` : '异议详情'} destroyOnHidden>
      {!d ? (
        <Spin />
      ) : (
        <>
          {d.overdue && <Alert type="error" showIcon message={`已超过处理期限 ${d.deadline}`} style={{ marginBottom: 12 }} />}
          <Descriptions size="small" column={{ xs: 1, sm: 2 }} bordered style={{ marginBottom: 16 }}>
            <Descriptions.Item label="公示">{d.publicityTitle}</Descriptions.Item>
            <Descriptions.Item label="异议项目">{d.entryTitle ?? EMPTY_VALUE}</Descriptions.Item>
            <Descriptions.Item label="状态">{objectionStatusTag(d.status)}</Descriptions.Item>
            <Descriptions.Item label="处理期限">{d.deadline}</Descriptions.Item>
            <Descriptions.Item label="异议人">{d.objector}</Descriptions.Item>
            <Descriptions.Item label="异议人类型">{OBJECTOR_KIND_LABELS[d.kind]}</Descriptions.Item>
            {d.handler && d.kind === 'UNIT' && <Descriptions.Item label="统一社会信用代码">{d.creditCode ?? EMPTY_VALUE}</Descriptions.Item>}
            {d.handler && <Descriptions.Item label="联系电话">{d.contactPhone ?? EMPTY_VALUE}</Descriptions.Item>}
            <Descriptions.Item label="异议类别">{OBJECTION_CATEGORY_LABELS[d.category]}</Descriptions.Item>
            <Descriptions.Item label="收到时间">{dateTimeOf(d.receivedAt)}</Descriptions.Item>
            <Descriptions.Item label="事实与理由" span={2}>{multilineOf(d.facts)}</Descriptions.Item>
            <Descriptions.Item label="证明材料" span={2}>
              {d.handler
                ? d.evidenceFileIds.map((id, i) => (
                    <a key={id} style={{ marginRight: 12 }} onClick={() => downloadByFileId(id, `证明材料${i + 1}`)}>
                      证明材料{i + 1}
                    </a>
                  ))
                : '（仅处理人可见）'}
              {d.handler && d.sealFileId && (
                <a onClick={() => downloadByFileId(d.sealFileId, '单位盖章页')}>单位盖章页</a>
              )}
            </Descriptions.Item>
            {d.outcomeOpinion && (
              <Descriptions.Item label="处理结果" span={2}>
                {d.outcomeAction ? `${OBJECTION_ACTION_LABELS[d.outcomeAction]}；` : ''}
                {d.outcomeOpinion}
              </Descriptions.Item>
            )}
          </Descriptions>
          <Timeline
            items={d.steps.map((s) => ({
              children: (
                <>
                  <div>
                    {OBJECTION_STEP_LABELS[s.action]} · {s.actorName} · {dateTimeOf(s.createTime)}
                  </div>
                  {s.opinion && <div style={{ color: '#666' }}>{s.opinion}</div>}
                </>
              ),
            }))}
          />
        </>
      )}
    </Drawer>
  );
}
