import { Alert, App, Drawer, Table, Tag, type TableColumnType } from 'antd';
import { useQuery } from '@tanstack/react-query';
import { PROCESS_DEF_STATUS_LABELS } from '@dandelion/shared/base/progress';
import { errorMessage } from '../../../api/http';
import { ActionBar } from '../../../components/ActionBar';
import { formatDateTime } from '../../../lib/date';
import { fetchVersions, type DefVersion } from './api';
import { STATUS_COLORS, type EditorTarget } from './DefinitionEditor';
import { versionActions } from './versionActions';

/** 版本: every live version of one process code, newest first, with its own actions. */
export function VersionsDrawer({ processCode, onClose, onOpen, onChanged }: { processCode: string | null; onClose: () => void; onOpen: (target: EditorTarget) => void; onChanged: () => void }) {
  const { message } = App.useApp();
  const versions = useQuery({ queryKey: ['progress-versions', processCode], queryFn: ({ signal }) => fetchVersions(processCode!, signal), enabled: !!processCode, gcTime: 0 });
  const rows = versions.data ?? [];
  const mayCopy = !rows.some((v) => v.status === 'DRAFT');

  const columns: TableColumnType<DefVersion>[] = [
    { key: 'version', title: '版本', dataIndex: 'version', width: 70, render: (v: number) => `v${v}` },
    { key: 'processName', title: '流程名称', dataIndex: 'processName' },
    { key: 'status', title: '状态', dataIndex: 'status', width: 90, render: (s: DefVersion['status']) => <Tag color={STATUS_COLORS[s]}>{PROCESS_DEF_STATUS_LABELS[s]}</Tag> },
    { key: 'stageCount', title: '阶段', dataIndex: 'stageCount', width: 60 },
    { key: 'instanceCount', title: '实例', dataIndex: 'instanceCount', width: 60 },
    { key: 'updateTime', title: '更新时间', dataIndex: 'updateTime', width: 150, render: (v: string) => formatDateTime(v) },
    {
      key: 'action', title: '操作', width: 200,
      render: (_, row) => (
        <ActionBar
          variant="row"
          actions={versionActions(row, {
            open: onOpen,
            mayCopy,
            changed: async (text) => {
              message.success(text);
              await versions.refetch();
              onChanged();
            },
          })}
        />
      ),
    },
  ];

  return (
    <Drawer open={!!processCode} onClose={onClose} destroyOnHidden size="large" title={`流程版本：${rows[0]?.processName ?? processCode ?? ''}（${processCode ?? ''}）`}>
      {versions.error && <Alert type="error" showIcon title={`版本加载失败：${errorMessage(versions.error)}`} style={{ marginBottom: 16 }} />}
      <Table<DefVersion> size="small" rowKey="defId" loading={versions.isPending} columns={columns} dataSource={rows} pagination={false} scroll={{ x: 'max-content' }} />
    </Drawer>
  );
}
