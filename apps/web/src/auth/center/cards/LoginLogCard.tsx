import { useState } from 'react';
import { Card, Table, Tag, type TableColumnsType } from 'antd';
import { DEFAULT_PAGE_SIZE, type PageParameter } from '@dandelion/shared';
import { formatDateTime } from '../../../lib/date';
import { useLoginLog, type LoginRecord } from '../api';
import { describeDevice, loginTypeLabel } from '../device';

const columns: TableColumnsType<LoginRecord> = [
  { title: '时间', dataIndex: 'time', width: 150, render: (time: string) => formatDateTime(time) },
  { title: '方式', dataIndex: 'loginType', width: 110, render: (type: string) => loginTypeLabel(type) },
  { title: 'IP', dataIndex: 'ip', width: 130 },
  { title: '设备', dataIndex: 'userAgent', ellipsis: true, render: (ua: string | null) => describeDevice(ua) },
  {
    title: '结果',
    dataIndex: 'success',
    width: 200,
    render: (success: boolean, record) => (
      <span className="dl-account-login-result">
        {success ? <Tag color="success">成功</Tag> : <Tag color="error">失败</Tag>}
        {!success && record.message ? <span>{record.message}</span> : null}
      </span>
    ),
  },
];

/** 登录记录: every sign-in attempt on the account, failures included, newest first. */
export function LoginLogCard() {
  const [page, setPage] = useState<PageParameter>({ pageNum: 1, pageSize: DEFAULT_PAGE_SIZE });
  const { data, isFetching, isError } = useLoginLog(page);
  return (
    <Card title="登录记录" data-testid="center-login-log">
      <p className="dl-account-hint">如发现不是您本人的登录或失败尝试，请立即修改密码并退出其他设备。</p>
      <Table<LoginRecord>
        rowKey="id"
        size="small"
        columns={columns}
        dataSource={data?.list ?? []}
        loading={isFetching}
        scroll={{ x: 720 }}
        locale={{ emptyText: isError ? '登录记录加载失败' : '暂无登录记录' }}
        pagination={{
          current: page.pageNum,
          pageSize: page.pageSize,
          total: data?.total ?? 0,
          showSizeChanger: true,
          showTotal: (total) => `共 ${total} 条`,
          onChange: (pageNum, pageSize) => setPage({ pageNum: pageSize === page.pageSize ? pageNum : 1, pageSize }),
        }}
      />
    </Card>
  );
}
