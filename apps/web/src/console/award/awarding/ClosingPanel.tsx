import { useState } from 'react';
import { Alert, App, Button, Space, Table, Tag, Typography } from 'antd';
import { CheckCircleOutlined } from '@ant-design/icons';
import { AWARDING_PERMISSIONS as P, CLOSING_OUTCOME_LABELS, type ClosingOutcome } from '@dandelion/shared/award/awarding';
import { DECLARATION_STATUS_LABELS, type DeclarationStatus } from '@dandelion/shared/award/declaration';
import { PRIZE_GRADE_LABELS, type PrizeGrade } from '@dandelion/shared/award/prize';
import { useHasPermission } from '../../../api/consoleStore';
import { errorMessage } from '../../../api/http';
import { dateTimeOf, textOf } from '../../../components/detail';
import { awardingApi, type ClosingPreview, type PreviewRow } from './api';

const OUTCOME_COLORS: Record<ClosingOutcome, string> = { AWARD: 'success', NOT_AWARD: 'default', BLOCK: 'error' };

/**
 * 结束评奖: what closing will do with each declaration (blocking ones first and marked), why the edition
 * cannot be closed yet, and the button with its confirmation. Closed editions say when and by whom.
 */
export function ClosingPanel({ preview, onClosed }: { preview: ClosingPreview; onClosed: () => Promise<void> }) {
  const { message, modal } = App.useApp();
  const mayClose = useHasPermission(P.close);
  const [error, setError] = useState<string | null>(null);
  const rows = [...preview.rows].sort((a, b) => Number(b.outcome === 'BLOCK') - Number(a.outcome === 'BLOCK'));
  const { award, notAward, block } = preview.counts;

  const close = () =>
    modal.confirm({
      title: `结束评奖：${preview.editionName}`,
      content: `将授奖 ${award} 项、不授奖 ${notAward} 项，为授奖项目编制证书编号，并把授奖名单发布到门户。结束后不能撤销，确定结束评奖吗？`,
      okText: '确定结束评奖',
      okButtonProps: { danger: true },
      cancelText: '取消',
      onOk: async () => {
        setError(null);
        try {
          const done = await awardingApi.close(preview.editionId);
          message.success(`已结束评奖：授奖 ${done.awarded} 项，不授奖 ${done.notAwarded} 项`);
        } catch (e) {
          setError(errorMessage(e));
        }
        await onClosed();
      },
    });

  return (
    <div style={{ marginBottom: 24 }}>
      <Space style={{ width: '100%', justifyContent: 'space-between', marginBottom: 12 }} wrap>
        <Space wrap>
          <Typography.Text strong>结束评奖预览</Typography.Text>
          <Tag color="success">授奖 {award}</Tag>
          <Tag>不授奖 {notAward}</Tag>
          <Tag color={block ? 'error' : 'default'}>阻止 {block}</Tag>
          <Typography.Text type="secondary">结果公示截止：{preview.resultPublicityEnd ?? '未设置'}</Typography.Text>
        </Space>
        {mayClose && !preview.closed && (
          <Button type="primary" danger icon={<CheckCircleOutlined />} disabled={preview.refusals.length > 0} onClick={close}>
            结束评奖
          </Button>
        )}
      </Space>
      {preview.closed && (
        <Alert type="success" showIcon style={{ marginBottom: 12 }} message={`本届已于 ${dateTimeOf(preview.closedAt)} 由 ${preview.closedBy ?? ''} 结束评奖，授奖名单已发布到门户`} />
      )}
      {!preview.closed && preview.refusals.length > 0 && (
        <Alert type="warning" showIcon style={{ marginBottom: 12 }} message="暂不能结束评奖" description={<ul style={{ margin: 0, paddingLeft: 20 }}>{preview.refusals.map((r) => <li key={r}>{r}</li>)}</ul>} />
      )}
      {error && <Alert type="error" showIcon closable style={{ marginBottom: 12 }} message={error} onClose={() => setError(null)} />}
      {!preview.closed && (
        <Table<PreviewRow>
          size="small"
          rowKey="declarationId"
          dataSource={rows}
          pagination={{ pageSize: 10, hideOnSinglePage: true, showTotal: (n) => `共 ${n} 份` }}
          locale={{ emptyText: '本届还没有已受理的申报书' }}
          onRow={(row) => (row.outcome === 'BLOCK' ? { style: { background: '#fff1f0' } } : {})}
          columns={[
            { key: 'prizeName', title: '奖种', dataIndex: 'prizeName', width: 120 },
            { key: 'registrationNo', title: '登记号', dataIndex: 'registrationNo', width: 150, render: textOf },
            { key: 'title', title: '项目名称', dataIndex: 'title', render: textOf },
            { key: 'firstCompleter', title: '第一完成人', dataIndex: 'firstCompleter', width: 110, render: textOf },
            { key: 'status', title: '当前状态', dataIndex: 'status', width: 130, render: (s: DeclarationStatus) => DECLARATION_STATUS_LABELS[s] },
            { key: 'awardGrade', title: '授奖等级', dataIndex: 'awardGrade', width: 100, render: (g: PrizeGrade | null) => (g ? PRIZE_GRADE_LABELS[g] : '—') },
            {
              key: 'outcome', title: '结束评奖后', dataIndex: 'outcome', width: 220,
              render: (o: ClosingOutcome, row) => (
                <Space size={4} wrap>
                  <Tag color={OUTCOME_COLORS[o]}>{CLOSING_OUTCOME_LABELS[o]}</Tag>
                  {row.reason && <Typography.Text type="danger">{row.reason}</Typography.Text>}
                </Space>
              ),
            },
          ]}
        />
      )}
    </div>
  );
}
