import { useEffect, useRef, useState } from 'react';
import { Alert, App, Drawer, Tree, Typography } from 'antd';
import { errorMessage } from '../../../api/http';
import { ActionBar } from '../../../components/ActionBar';
import { fetchOrgChildren, type OrgNode } from '../../../components/OrgTreeSelect';
import { PagedTable, type PagedColumn, type PagedTableHandle } from '../../../components/PagedTable';
import { formatDateTime } from '../../../lib/date';
import { USER_PERMISSIONS } from '@dandelion/shared/system/user';
import { downloadImportTemplate, fetchRecyclePage, importUsers, purgeUser, restoreUsers, type ImportResult, type UserItem } from './api';
import { ImportDialog } from '../../../components/ImportDialog';

const MAX_BYTES = 2 * 1024 * 1024;

/** 导入: template download, one .xlsx, progress while sending, every refused row listed. */
export function UserImportModal({ open, onClose, onImported }: { open: boolean; onClose: () => void; onImported: () => void }) {
  return (
    <ImportDialog<ImportResult>
      open={open}
      title="导入用户"
      hint="请按模板填写后上传 .xlsx 文件（不超过 2 MB）。任意一行有误时不会导入任何数据。"
      maxBytes={MAX_BYTES}
      upload={importUsers}
      downloadTemplate={() => void downloadImportTemplate()}
      onClose={onClose}
      onImported={onImported}
      renderResult={(result) => (
        <Alert
          type="success"
          showIcon
          style={{ marginTop: 12 }}
          title={`成功导入 ${result.imported} 个用户`}
          description={
            result.users.some((u) => u.generatedPassword) ? (
              <div>
                以下初始密码只显示这一次，请妥善转交：
                {result.users
                  .filter((u) => u.generatedPassword)
                  .map((u) => (
                    <div key={u.username}>
                      {u.username}：<Typography.Text copyable>{u.generatedPassword}</Typography.Text>
                    </div>
                  ))}
              </div>
            ) : undefined
          }
        />
      )}
    />
  );
}

/** 回收站: deleted users, restored or deleted for good. */
export function UserRecycleDrawer({ open, onClose, onRestored }: { open: boolean; onClose: () => void; onRestored: () => void }) {
  const { message } = App.useApp();
  const table = useRef<PagedTableHandle>(null);
  const columns: PagedColumn<UserItem>[] = [
    { key: 'username', title: '用户名', dataIndex: 'username' },
    { key: 'realname', title: '姓名', dataIndex: 'realname' },
    { key: 'orgName', title: '所属机构', dataIndex: 'orgName' },
    { key: 'updateTime', title: '删除时间', dataIndex: 'updateTime', render: (t: string) => formatDateTime(t) },
    {
      key: 'action',
      title: '操作',
      alwaysShown: true,
      render: (_: unknown, row: UserItem) => (
        <ActionBar
          variant="row"
          actions={[
            {
              key: 'restore',
              label: '恢复',
              permission: USER_PERMISSIONS.recycle,
              onClick: async () => {
                await restoreUsers([row.userId]);
                message.success('恢复成功');
                onRestored();
                await table.current?.refresh();
              },
            },
            {
              key: 'purge',
              label: '彻底删除',
              danger: true,
              permission: USER_PERMISSIONS.recycle,
              confirm: { title: `确定彻底删除用户 ${row.username} 吗？`, description: '彻底删除后无法恢复。' },
              onClick: async () => {
                await purgeUser(row.userId);
                message.success('已彻底删除');
                await table.current?.refresh();
              },
            },
          ]}
        />
      ),
    },
  ];
  return (
    <Drawer title="回收站" open={open} onClose={onClose} size={760} destroyOnHidden>
      <PagedTable<UserItem, Record<string, never>>
        ref={table}
        tableKey="system:user:recycle"
        fetcher={fetchRecyclePage}
        columns={columns}
        rowKey="userId"
        empty={{ what: '用户', title: '回收站是空的', hint: '删除的用户会先移到这里，可以恢复，也可以彻底删除。' }}
      />
    </Drawer>
  );
}

interface TreeNode {
  key: string;
  title: string;
  isLeaf: boolean;
  children?: TreeNode[];
}
const toNode = (o: OrgNode): TreeNode => ({ key: o.orgId, title: o.orgName, isLeaf: o.isLeaf });

/** The organisation tree beside the list: picking one shows its users and those of its sub-organisations. */
export function UserOrgTree({ value, onChange }: { value?: string; onChange: (orgId: string | undefined, orgName?: string) => void }) {
  const [nodes, setNodes] = useState<TreeNode[]>([]);
  const [loadError, setLoadError] = useState<string | null>(null);
  useEffect(() => {
    const controller = new AbortController();
    fetchOrgChildren(null, controller.signal)
      .then((roots) => setNodes(roots.map(toNode)))
      .catch((e: unknown) => {
        if (!controller.signal.aborted) setLoadError(errorMessage(e));
      });
    return () => controller.abort();
  }, []);
  const attach = (list: TreeNode[], key: string, children: TreeNode[]): TreeNode[] =>
    list.map((n) => (n.key === key ? { ...n, children } : n.children ? { ...n, children: attach(n.children, key, children) } : n));
  if (loadError) return <Alert type="error" showIcon title={loadError} />;
  return (
    <Tree
      blockNode
      treeData={nodes}
      selectedKeys={value ? [value] : []}
      loadData={async (node) => {
        const children = (await fetchOrgChildren(String(node.key))).map(toNode);
        setNodes((list) => attach(list, String(node.key), children));
      }}
      aria-label="组织机构"
      onSelect={(keys, info) => (keys.length ? onChange(String(keys[0]), String(info.node.title)) : onChange(undefined))}
    />
  );
}
