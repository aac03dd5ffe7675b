import { Card, Col, Descriptions, Row, Tag, Typography } from 'antd';
import { BodyBlock } from './BodyBlock';
import { fetchRestLog } from './api';
import { formatLogTime } from './format';
import { statusColor } from './labels';
import { LogDetailCard } from './LogDetailCard';
import './log.css';

/** /base/rest/restDetail?id=: one API call with its request and response, masked and pretty-printed. */
export default function RestLogDetailPage() {
  return (
    <LogDetailCard title="接口日志详情" entityName="接口日志" queryKey="rest-log" load={fetchRestLog} listPage="restList">
      {(log) => (
        <>
          <Descriptions bordered size="small" column={{ xs: 1, md: 2, xl: 3 }} style={{ marginBottom: 16 }}>
            <Descriptions.Item label="调用时间">{formatLogTime(log.createTime)}</Descriptions.Item>
            <Descriptions.Item label="请求方法">
              <Tag>{log.method}</Tag>
            </Descriptions.Item>
            <Descriptions.Item label="HTTP 状态">
              <Tag color={statusColor(log.status)}>{log.status}</Tag>
              {log.code && <Typography.Text type="secondary">业务码 {log.code}</Typography.Text>}
            </Descriptions.Item>
            <Descriptions.Item label="耗时">{log.durationMs} ms</Descriptions.Item>
            <Descriptions.Item label="接口路径" span="filled">
              <Typography.Text copyable>{log.path}</Typography.Text>
            </Descriptions.Item>
            <Descriptions.Item label="用户">{log.username ?? <Typography.Text type="secondary">匿名</Typography.Text>}</Descriptions.Item>
            <Descriptions.Item label="IP">{log.ip ?? '-'}</Descriptions.Item>
            <Descriptions.Item label="请求编号">{log.requestId ? <Typography.Text copyable>{log.requestId}</Typography.Text> : '-'}</Descriptions.Item>
            <Descriptions.Item label="路由">{log.route ?? <Typography.Text type="secondary">未匹配到路由</Typography.Text>}</Descriptions.Item>
            <Descriptions.Item label="查询参数" span="filled">
              {log.query ?? '-'}
            </Descriptions.Item>
            <Descriptions.Item label="客户端" span="filled">
              {log.userAgent ?? '-'}
            </Descriptions.Item>
          </Descriptions>
          <Row gutter={[16, 16]}>
            <Col xs={24} xl={12}>
              <Card size="small" title="请求内容">
                <BodyBlock text={log.requestBody} emptyText="没有请求内容" />
              </Card>
            </Col>
            <Col xs={24} xl={12}>
              <Card size="small" title="响应内容">
                <BodyBlock text={log.responseBody} emptyText="没有记录响应内容（查看日志类接口、文件下载不记录响应）" />
              </Card>
            </Col>
          </Row>
          <Typography.Paragraph type="secondary" style={{ marginTop: 12, marginBottom: 0 }}>
            密码、令牌、验证码、身份证号等敏感内容在记录时已替换为 ******；单个内容超过 4000 个字符的部分不保存。
          </Typography.Paragraph>
        </>
      )}
    </LogDetailCard>
  );
}
