import { useMemo, useState } from 'react';
import { Alert, Button, Card, Col, Descriptions, Progress, Row, Space, Table, Tag, Typography } from 'antd';
import { PauseCircleOutlined, PlayCircleOutlined, ReloadOutlined } from '@ant-design/icons';
import { useQuery } from '@tanstack/react-query';
import { errorMessage } from '../../../api/http';
import { LazyChart } from '../../home/charts/LazyChart';
import { fetchMonitorInfo, type MonitorInfo } from './api';
import { cpuChart, memoryChart } from './charts';
import { formatBytes, formatUptime } from './format';
import { appendSample, HISTORY_MS, type Sample } from './history';
import { usePageVisible } from './usePageVisible';
import './monitor.css';

/** How often the figures are read while the page is in front. */
export const REFRESH_MS = 5_000;

const percentColor = (value: number) => (value >= 90 ? '#d9534f' : value >= 70 ? '#e8a33d' : '#52a35b');
const clock = new Intl.DateTimeFormat('zh-CN', { timeZone: 'Asia/Shanghai', hour: '2-digit', minute: '2-digit', second: '2-digit', hourCycle: 'h23' });

/**
 * /base/monitor/monitorMain: the server's figures, read every few seconds while the tab is in
 * front (paused in the background or on request); the last five minutes are charted from
 * readings kept in the browser.
 */
export default function MonitorPage() {
  const visible = usePageVisible();
  const [paused, setPaused] = useState(false);
  const running = visible && !paused;
  const info = useQuery({
    queryKey: ['monitor', 'info'],
    queryFn: ({ signal }) => fetchMonitorInfo(signal),
    refetchInterval: running ? REFRESH_MS : false,
    refetchIntervalInBackground: false,
  });
  // Each new reading is added to the charts' history once, as it arrives (React's "adjust state on a prop change").
  const [history, setHistory] = useState<Sample[]>([]);
  const [sampled, setSampled] = useState<MonitorInfo>();
  if (info.data && info.data !== sampled) {
    setSampled(info.data);
    setHistory(appendSample(history, info.data));
  }
  const cpuOption = useMemo(() => cpuChart(history), [history]);
  const memoryOption = useMemo(() => memoryChart(history), [history]);
  const data = info.data;

  return (
    <div className="dl-monitor">
      <Card
        title="服务监控"
        extra={
          <Space wrap>
            {running ? <Tag color="processing">每 {REFRESH_MS / 1000} 秒刷新</Tag> : <Tag>{paused ? '已暂停' : '已暂停（页面在后台）'}</Tag>}
            {data && <Typography.Text type="secondary">更新于 {clock.format(new Date(data.time))}</Typography.Text>}
            <Button icon={paused ? <PlayCircleOutlined /> : <PauseCircleOutlined />} onClick={() => setPaused(!paused)}>
              {paused ? '继续' : '暂停'}
            </Button>
            <Button icon={<ReloadOutlined />} loading={info.isFetching} onClick={() => void info.refetch()}>
              刷新
            </Button>
          </Space>
        }
      >
        {info.error && <Alert type="error" showIcon title={`监控数据获取失败：${errorMessage(info.error)}`} style={{ marginBottom: 16 }} />}
        {data ? <Figures data={data} /> : <Card loading variant="borderless" />}
      </Card>
      <Row gutter={[16, 16]}>
        <Col xs={24} xl={12}>
          <Card title={`CPU 使用率（近 ${HISTORY_MS / 60_000} 分钟）`}>
            <LazyChart option={cpuOption} height={260} label="最近几分钟整机和本进程的 CPU 使用率" />
          </Card>
        </Col>
        <Col xs={24} xl={12}>
          <Card title={`Node 内存（近 ${HISTORY_MS / 60_000} 分钟）`}>
            <LazyChart option={memoryOption} height={260} label="最近几分钟 Node 进程的堆内存和常驻内存" />
          </Card>
        </Col>
      </Row>
      {data && <Details data={data} />}
    </div>
  );
}

function Figures({ data }: { data: MonitorInfo }) {
  const { cpu, memory, node, system } = data;
  return (
    <Row gutter={[16, 16]}>
      <Col xs={24} sm={12} xl={6}>
        <Card size="small" title="CPU 使用率" className="dl-monitor__figure">
          <Progress type="dashboard" percent={cpu.usage} strokeColor={percentColor(cpu.usage)} format={(p) => `${p}%`} size={110} />
          <div className="dl-monitor__caption">
            本进程 {cpu.processUsage}% · {cpu.cores} 核
            <br />
            <Typography.Text type="secondary" ellipsis={{ tooltip: cpu.model }} style={{ maxWidth: 220 }}>
              {cpu.model}
            </Typography.Text>
          </div>
        </Card>
      </Col>
      <Col xs={24} sm={12} xl={6}>
        <Card size="small" title="内存使用率" className="dl-monitor__figure">
          <Progress type="dashboard" percent={memory.usage} strokeColor={percentColor(memory.usage)} format={(p) => `${p}%`} size={110} />
          <div className="dl-monitor__caption">
            已用 {formatBytes(memory.usedBytes)} / 共 {formatBytes(memory.totalBytes)}
            <br />
            <Typography.Text type="secondary">可用 {formatBytes(memory.freeBytes)}</Typography.Text>
          </div>
        </Card>
      </Col>
      <Col xs={24} sm={12} xl={6}>
        <Card size="small" title="系统负载（1 分钟）" className="dl-monitor__figure">
          <div className="dl-monitor__big" title="最近 1 分钟的平均负载">
            {cpu.loadAverage[0]?.toFixed(2)}
          </div>
          <div className="dl-monitor__caption">
            5 分钟 {cpu.loadAverage[1]?.toFixed(2)} · 15 分钟 {cpu.loadAverage[2]?.toFixed(2)}
            <br />
            <Typography.Text type="secondary">负载高于核数（{cpu.cores}）时任务在排队</Typography.Text>
          </div>
        </Card>
      </Col>
      <Col xs={24} sm={12} xl={6}>
        <Card size="small" title="运行时长" className="dl-monitor__figure">
          <div className="dl-monitor__big">{formatUptime(node.uptimeSeconds)}</div>
          <div className="dl-monitor__caption">
            服务进程（PID {node.pid}）
            <br />
            <Typography.Text type="secondary">
              系统已运行 {formatUptime(system.uptimeSeconds)}
            </Typography.Text>
          </div>
        </Card>
      </Col>
    </Row>
  );
}

function Details({ data }: { data: MonitorInfo }) {
  const { node, database, system } = data;
  const loop = node.eventLoopDelay;
  return (
    <>
      <Row gutter={[16, 16]}>
        <Col xs={24} xl={12}>
          <Card title="Node 运行时">
            <Descriptions size="small" bordered column={2} styles={{ label: { whiteSpace: 'nowrap' } }}>
              <Descriptions.Item label="版本">{node.version}</Descriptions.Item>
              <Descriptions.Item label="主机">{system.hostname}</Descriptions.Item>
              <Descriptions.Item label="堆内存">
                {formatBytes(node.heapUsedBytes)} / {formatBytes(node.heapTotalBytes)}
              </Descriptions.Item>
              <Descriptions.Item label="常驻内存">{formatBytes(node.rssBytes)}</Descriptions.Item>
              <Descriptions.Item label="事件循环延迟">
                p50 {loop.p50Ms} ms · p99 {loop.p99Ms} ms
              </Descriptions.Item>
              <Descriptions.Item label="最大延迟">
                {loop.maxMs} ms <Typography.Text type="secondary">（近 {loop.windowSeconds} 秒）</Typography.Text>
              </Descriptions.Item>
              <Descriptions.Item label="操作系统" span={2}>
                {system.platform}
              </Descriptions.Item>
            </Descriptions>
          </Card>
        </Col>
        <Col xs={24} xl={12}>
          <Card title="数据库">
            <Descriptions size="small" bordered column={2} styles={{ label: { whiteSpace: 'nowrap' } }}>
              <Descriptions.Item label="类型">{database.kind === 'pglite' ? 'PGlite（嵌入式）' : 'PostgreSQL'}</Descriptions.Item>
              <Descriptions.Item label="数据库大小">{formatBytes(database.sizeBytes)}</Descriptions.Item>
              <Descriptions.Item label="版本" span={2}>
                {database.version}
              </Descriptions.Item>
              <Descriptions.Item label="连接" span={2}>
                {database.connections ? (
                  <>
                    共 {database.connections.total}（活动 {database.connections.active}，空闲 {database.connections.idle}），上限 {database.connections.max}
                  </>
                ) : (
                  <Typography.Text type="secondary">{database.note}</Typography.Text>
                )}
              </Descriptions.Item>
            </Descriptions>
          </Card>
        </Col>
      </Row>
      <Row gutter={[16, 16]}>
        <Col xs={24} xl={12}>
          <Card title="缓存">
            <Table
              size="small"
              pagination={false}
              rowKey="name"
              dataSource={data.caches}
              locale={{ emptyText: '没有进程内缓存' }}
              columns={[
                { key: 'name', title: '名称', dataIndex: 'name' },
                { key: 'size', title: '条目', render: (_: unknown, c) => `${c.size} / ${c.maxEntries}` },
                { key: 'hits', title: '命中', dataIndex: 'hits', align: 'right' },
                { key: 'misses', title: '未命中', dataIndex: 'misses', align: 'right' },
                { key: 'hitRate', title: '命中率', dataIndex: 'hitRate', align: 'right', render: (v: number | null) => (v === null ? '-' : `${v}%`) },
              ]}
            />
          </Card>
        </Col>
        <Col xs={24} xl={12}>
          <Card title="日志写入">
            <Table
              size="small"
              pagination={false}
              rowKey="name"
              dataSource={data.logWriters}
              columns={[
                { key: 'name', title: '日志', dataIndex: 'name' },
                { key: 'written', title: '已写入', dataIndex: 'written', align: 'right' },
                { key: 'buffered', title: '待写入', dataIndex: 'buffered', align: 'right' },
                {
                  key: 'dropped',
                  title: '已丢弃',
                  dataIndex: 'dropped',
                  align: 'right',
                  render: (v: number, w) => (v ? <Typography.Text type="danger" title={w.lastError ?? undefined}>{v}</Typography.Text> : 0),
                },
              ]}
            />
          </Card>
        </Col>
      </Row>
    </>
  );
}
