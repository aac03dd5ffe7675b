import { useLocation, useNavigate, useSearchParams } from 'react-router';
import { Alert, App, Button, Card, Descriptions, Divider, Space, Spin, Typography } from 'antd';
import { ArrowLeftOutlined } from '@ant-design/icons';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { COMPLAINT_PERMISSIONS as P } from '@dandelion/shared/cms/complaint';
import { errorMessage } from '../../../api/http';
import { ActionBar } from '../../../components/ActionBar';
import { useHasPermission } from '../../../api/consoleStore';
import { formatDateTime } from '../../../lib/date';
import { closeComplaint, fetchComplaint, type Complaint } from './api';
import { ComplaintStatusTag } from './ComplaintStatusTag';
import { ReplyForm } from './ReplyForm';

const text = (value: string) => <Typography.Paragraph style={{ whiteSpace: 'pre-wrap', marginBottom: 0 }}>{value}</Typography.Paragraph>;

/** /cms/complaint/complaintDetail?id=: one complaint, its answer, and (with 回复) the reply form. */
export default function ComplaintDetailPage() {
  const { message } = App.useApp();
  const [search] = useSearchParams();
  const location = useLocation();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const id = search.get('id');
  const canReply = useHasPermission(P.reply);
  const key = ['cms-complaint', id];
  const record = useQuery({ queryKey: key, queryFn: ({ signal }) => fetchComplaint(id!, signal), enabled: !!id });
  const show = (updated: Complaint) => queryClient.setQueryData(key, updated);

  const goBack = () => {
    // 'default' is the key of the first history entry: opened directly, nothing is behind it.
    if (location.key !== 'default') navigate(-1);
    else navigate(location.pathname.replace(/[^/]*\/?$/, 'complaintList'));
  };
  const loadError = !id ? '缺少投诉建议编号，无法打开详情页面' : record.error ? errorMessage(record.error) : null;
  const complaint = record.data;

  return (
    <Card
      title="投诉建议详情"
      extra={
        <Space>
          {complaint && complaint.status !== 'CLOSED' && (
            <ActionBar
              actions={[
                {
                  key: 'close',
                  label: '关闭',
                  permission: P.close,
                  confirm: { title: `确定关闭投诉建议「${complaint.title}」吗？`, description: '关闭后不能再回复。', okText: '关闭' },
                  onClick: async () => {
                    show(await closeComplaint(complaint.complaintId, complaint.lockVersion));
                    message.success('已关闭');
                  },
                },
              ]}
            />
          )}
          <Button icon={<ArrowLeftOutlined />} onClick={goBack}>
            返回
          </Button>
        </Space>
      }
    >
      {loadError && (
        <Alert
          type="error"
          showIcon
          title={loadError}
          style={{ marginBottom: 16 }}
          action={
            id && (
              <Button size="small" onClick={() => void record.refetch()}>
                重试
              </Button>
            )
          }
        />
      )}
      <Spin spinning={!!id && record.isPending}>
        {complaint ? (
          <>
            <Descriptions bordered size="small" column={{ xs: 1, md: 2 }}>
              <Descriptions.Item label="标题" span="filled">
                {complaint.title}
              </Descriptions.Item>
              <Descriptions.Item label="状态">
                <ComplaintStatusTag status={complaint.status} />
              </Descriptions.Item>
              <Descriptions.Item label="提交时间">{formatDateTime(complaint.createTime)}</Descriptions.Item>
              <Descriptions.Item label="提交人">{complaint.complainantName}</Descriptions.Item>
              <Descriptions.Item label="联系方式">{complaint.contact}</Descriptions.Item>
              <Descriptions.Item label="邮箱">{complaint.email ?? '-'}</Descriptions.Item>
              <Descriptions.Item label="来源">{complaint.userId ? `登录用户（编号 ${complaint.userId}）` : '匿名'}{complaint.ip ? ` · ${complaint.ip}` : ''}</Descriptions.Item>
              <Descriptions.Item label="内容" span="filled">
                {text(complaint.content)}
              </Descriptions.Item>
              {complaint.reply && (
                <>
                  <Descriptions.Item label="回复" span="filled">
                    {text(complaint.reply)}
                  </Descriptions.Item>
                  <Descriptions.Item label="回复人">{complaint.replyBy ?? '-'}</Descriptions.Item>
                  <Descriptions.Item label="回复时间">{formatDateTime(complaint.replyTime)}</Descriptions.Item>
                </>
              )}
            </Descriptions>
            {canReply && complaint.status !== 'CLOSED' && (
              <>
                <Divider titlePlacement="start">回复</Divider>
                <ReplyForm key={complaint.lockVersion} complaint={complaint} onReplied={show} />
              </>
            )}
          </>
        ) : (
          <div style={{ minHeight: 120 }} />
        )}
      </Spin>
    </Card>
  );
}
