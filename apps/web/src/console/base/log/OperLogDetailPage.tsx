import { useNavigate } from 'react-router';
import { Button, Card, Descriptions, Tag, Typography } from 'antd';
import { REST_LOG_PERMISSIONS } from '@dandelion/shared/base/log';
import { useHasPermission } from '../../../api/consoleStore';
import { fetchOperLog } from './api';
import { formatLogTime } from './format';
import { actionColor, actionLabel, moduleLabel } from './labels';
import { LogDetailCard } from './LogDetailCard';
import { RecordDiff } from './RecordDiff';

/** The interface log's list, as seeded (db/seed/functions.ts). */
const REST_LIST_PATH = '/base/rest/restList';

/** /base/log/logDetail?id=: one change, with the record before and after, field by field. */
export default function OperLogDetailPage() {
  const navigate = useNavigate();
  const canReadCalls = useHasPermission(REST_LOG_PERMISSIONS.list);
  return (
    <LogDetailCard title="操作日志详情" entityName="操作日志" queryKey="oper-log" load={fetchOperLog} listPage="logList">
      {(log) => (
        <>
          <Descriptions bordered size="small" column={{ xs: 1, md: 2, xl: 3 }} style={{ marginBottom: 16 }}>
            <Descriptions.Item label="摘要" span="filled">
              {log.summary}
            </Descriptions.Item>
            <Descriptions.Item label="操作时间">{formatLogTime(log.createTime)}</Descriptions.Item>
            <Descriptions.Item label="模块">
              {moduleLabel(log.module)} <Typography.Text type="secondary">{log.module}</Typography.Text>
            </Descriptions.Item>
            <Descriptions.Item label="操作">
              <Tag color={actionColor(log.action)}>{actionLabel(log.action)}</Tag>
            </Descriptions.Item>
            <Descriptions.Item label="记录编号">{log.entityId ?? '-'}</Descriptions.Item>
            <Descriptions.Item label="操作人">{log.username ?? '系统'}</Descriptions.Item>
            <Descriptions.Item label="IP">{log.ip ?? '-'}</Descriptions.Item>
            <Descriptions.Item label="请求编号" span="filled">
              {log.requestId ?? '-'}
              {log.requestId && canReadCalls && (
                <Button
                  type="link"
                  size="small"
                  onClick={() => navigate(`${REST_LIST_PATH}?requestId=${encodeURIComponent(log.requestId!)}`)}
                >
                  查看接口调用
                </Button>
              )}
            </Descriptions.Item>
          </Descriptions>
          <Card size="small" title="变更内容">
            <RecordDiff before={log.before} after={log.after} />
          </Card>
        </>
      )}
    </LogDetailCard>
  );
}
