import { useCallback, useMemo, useRef, useState, type Key, type ReactNode } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { useQuery } from '@tanstack/react-query';
import { App, Card, Checkbox, Col, Row, Space, Tag, Tree, Typography, type TreeDataNode } from 'antd';
import { ExportOutlined, PlusOutlined } from '@ant-design/icons';
import { ORG_PERMISSIONS, ORG_STATUS_LABELS } from '@dandelion/shared/system/org';
import { USER_STATUS_LABELS } from '@dandelion/shared/system/user';
import { ActionBar, type ActionButton } from '../../../components/ActionBar';
import { EmptyState, PagedTable, type PagedColumn } from '../../../components/PagedTable';
import { siblingPath } from '../../../components/form';
import { SearchForm, type SearchField, type SearchFormHandle } from '../../../components/SearchForm';
import { reorder } from '../../../lib/tree';
import { useHasPermission } from '../../../api/consoleStore';
import { deleteOrg, exportOrgs, fetchOrgChildren, fetchOrgUsers, searchOrgs, sortOrgs, type OrgNode, type OrgUser } from './api';
import { OrgAdminDialog, OrgBindDialog } from './OrgDialogs';
import './orgList.css';

const ROOT = 'root';

const SEARCH_FIELDS: SearchField[] = [{ name: 'keyword', label: '机构', placeholder: '机构名称或编码' }];

const USER_COLUMNS: PagedColumn<OrgUser>[] = [
  { key: 'username', title: '用户名', dataIndex: 'username' },
  { key: 'realname', title: '姓名', dataIndex: 'realname', render: (v: string | null) => v ?? '-' },
  { key: 'phone', title: '手机号', dataIndex: 'phone', render: (v: string | null) => v ?? '-' },
  { key: 'status', title: '状态', dataIndex: 'status', render: (v: string) => <Tag color={v === 'NORMAL' ? 'success' : 'default'}>{USER_STATUS_LABELS[v] ?? v}</Tag> },
];

/** Nodes keyed by parent ('root' for the top), from the lazily loaded levels or a flat search answer. */
function buildTree(byParent: Readonly<Record<string, OrgNode[]>>, parentKey: string, render: (org: OrgNode) => ReactNode): TreeDataNode[] {
  return (byParent[parentKey] ?? []).map((org) => ({
    key: org.orgId,
    title: render(org),
    isLeaf: org.isLeaf,
    children: byParent[org.orgId] ? buildTree(byParent, org.orgId, render) : undefined,
  }));
}

/** Groups a flat search answer (matches with their ancestors) under their parents. */
function groupFound(found: OrgNode[]): Record<string, OrgNode[]> {
  const ids = new Set(found.map((o) => o.orgId));
  const byParent: Record<string, OrgNode[]> = {};
  for (const org of found) {
    const key = org.parentOrgId && ids.has(org.parentOrgId) ? org.parentOrgId : ROOT;
    (byParent[key] ??= []).push(org);
  }
  return byParent;
}

/** Whether two loaded nodes are siblings (same parent). */
function sameLevel(levels: Record<string, OrgNode[]>, a: string, b: string): boolean {
  return Object.values(levels).some((list) => list.some((o) => o.orgId === a) && list.some((o) => o.orgId === b));
}

/** /system/org/orgList: the searchable organisation tree with per-node actions, and the selected org's users. */
export default function OrgListPage() {
  const { message } = App.useApp();
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const open = (page: string, query?: Record<string, string>) => navigate(siblingPath(pathname, page, query));
  const [levels, setLevels] = useState<Record<string, OrgNode[]>>({});
  const [found, setFound] = useState<OrgNode[] | null>(null);
  const [expanded, setExpanded] = useState<Key[]>([]);
  const [selected, setSelected] = useState<OrgNode | null>(null);
  const [includeChildren, setIncludeChildren] = useState(false);
  const [adminOrg, setAdminOrg] = useState<OrgNode | null>(null);
  const [bindOrg, setBindOrg] = useState<OrgNode | null>(null);
  const searchForm = useRef<SearchFormHandle>(null);
  const [keyword, setKeyword] = useState('');
  const canList = useHasPermission(ORG_PERMISSIONS.list);
  const canSort = useHasPermission(ORG_PERMISSIONS.sort);

  const loadLevel = useCallback(async (parentId: string | null) => {
    const list = await fetchOrgChildren(parentId);
    setLevels((current) => ({ ...current, [parentId ?? ROOT]: list }));
  }, []);

  // The top level comes with the page; deeper levels load as they are opened (and any level again after a change).
  const roots = useQuery({ queryKey: ['org-tree', 'org-list-roots'], queryFn: ({ signal }) => fetchOrgChildren(null, signal), enabled: canList });
  const loaded = useMemo(() => (levels[ROOT] || !roots.data ? levels : { ...levels, [ROOT]: roots.data }), [levels, roots.data]);

  const search = async (value: string) => {
    const text = value.trim();
    setKeyword(text);
    if (!text) {
      setFound(null);
      return;
    }
    const list = await searchOrgs(text);
    setFound(list);
    // Every ancestor of a match is in the answer: opening them all shows every match.
    setExpanded(list.map((o) => o.orgId));
  };

  const remove = async (org: OrgNode) => {
    await deleteOrg(org.orgId);
    message.success('删除成功');
    if (selected?.orgId === org.orgId) setSelected(null);
    await loadLevel(org.parentOrgId);
    if (keyword) await search(keyword);
  };

  /** The loaded level holding `org` and its key there ('root' for the top); none in a search answer. */
  const levelOf = (org: OrgNode): { key: string; siblings: OrgNode[] } | null => {
    if (found) return null;
    const entry = Object.entries(loaded).find(([, list]) => list.some((o) => o.orgId === org.orgId));
    return entry ? { key: entry[0], siblings: entry[1] } : null;
  };

  const move = async (org: OrgNode, delta: -1 | 1) => {
    const level = levelOf(org);
    if (!level) return;
    const from = level.siblings.findIndex((o) => o.orgId === org.orgId);
    const to = from + delta;
    if (from < 0 || to < 0 || to >= level.siblings.length) return;
    const reordered = [...level.siblings];
    [reordered[from], reordered[to]] = [reordered[to]!, reordered[from]!];
    await saveLevelOrder(level.key, reordered);
  };

  /** Dragging a node onto the gap before or after a sibling; another parent is the form's 上级机构. */
  const dropAmongSiblings = async (draggedId: string, targetId: string, place: 'before' | 'after') => {
    const level = Object.entries(loaded).find(([, list]) => list.some((o) => o.orgId === draggedId));
    if (!level || !level[1].some((o) => o.orgId === targetId)) return;
    const ids = reorder(level[1].map((o) => o.orgId), draggedId, targetId, place);
    if (!ids) return;
    const byId = new Map(level[1].map((o) => [o.orgId, o]));
    await saveLevelOrder(level[0], ids.map((id) => byId.get(id)!));
  };

  const saveLevelOrder = async (levelKey: string, reordered: OrgNode[]) => {
    const parentId = levelKey === ROOT ? null : levelKey;
    setLevels((current) => ({ ...current, [levelKey]: reordered }));
    try {
      await sortOrgs(parentId, reordered.map((o) => o.orgId));
    } finally {
      await loadLevel(parentId).catch(() => undefined);
    }
  };

  const actionsOf = (org: OrgNode): ActionButton[] => {
    const level = levelOf(org);
    const index = level ? level.siblings.findIndex((o) => o.orgId === org.orgId) : -1;
    return [
      { key: 'addChild', label: '新增下级', permission: ORG_PERMISSIONS.add, onClick: () => open('orgAdd', { parentId: org.orgId }) },
      { key: 'upd', label: '修改', permission: ORG_PERMISSIONS.upd, onClick: () => open('orgUpd', { id: org.orgId }) },
      {
        key: 'del', label: '删除', permission: ORG_PERMISSIONS.del, danger: true,
        confirm: { title: `确定删除机构「${org.orgName}」吗？`, description: '有下级机构或用户的机构不能删除。' },
        onClick: () => remove(org),
      },
      { key: 'detail', label: '详情', permission: ORG_PERMISSIONS.detail, overflow: true, onClick: () => open('orgDetail', { id: org.orgId }) },
      { key: 'admins', label: '设置管理员', permission: ORG_PERMISSIONS.bind, overflow: true, onClick: () => setAdminOrg(org) },
      { key: 'bind', label: '绑定权限', permission: ORG_PERMISSIONS.bind, overflow: true, onClick: () => setBindOrg(org) },
      // Sorting needs the whole loaded level: not offered on a search answer.
      { key: 'up', label: '上移', permission: ORG_PERMISSIONS.sort, hidden: !level, disabled: index <= 0, onClick: () => move(org, -1) },
      { key: 'down', label: '下移', permission: ORG_PERMISSIONS.sort, hidden: !level, disabled: !level || index >= level.siblings.length - 1, onClick: () => move(org, 1) },
    ];
  };

  const renderNode = (org: OrgNode) => (
    <Space size={4} data-org-id={org.orgId} className="dl-org-node">
      <span>{org.orgName}</span>
      {org.orgStatus !== 'NORMAL' && <Tag>{ORG_STATUS_LABELS[org.orgStatus] ?? org.orgStatus}</Tag>}
      {/* Buttons act on their node; a click on them must not also select it. They float over the
          node's right end while it is hovered, selected or focused (Tab reaches them), so every node
          stays one line however many actions it has. */}
      <span className="dl-org-node__actions" onClick={(e) => e.stopPropagation()}>
        <ActionBar variant="row" actions={actionsOf(org)} />
      </span>
    </Space>
  );

  const byParent = useMemo(() => (found ? groupFound(found) : loaded), [found, loaded]);
  const treeData = buildTree(byParent, ROOT, renderNode);

  return (
    <Row gutter={16}>
      <Col xs={24} lg={11}>
        <Card
          title="机构树"
          extra={
            <ActionBar
              actions={[
                { key: 'add', label: '新增机构', primary: true, icon: <PlusOutlined />, permission: ORG_PERMISSIONS.add, onClick: () => open('orgAdd') },
                { key: 'export', label: '导出', icon: <ExportOutlined />, permission: ORG_PERMISSIONS.export, onClick: () => exportOrgs(keyword) },
              ]}
            />
          }
        >
          <SearchForm<{ keyword?: string }> ref={searchForm} name="org-search" fields={SEARCH_FIELDS} onSearch={(values) => void search(values.keyword ?? '')} />
          {treeData.length ? (
            <Tree
              className="dl-org-tree"
              aria-label="机构树"
              blockNode
              treeData={treeData}
              expandedKeys={expanded}
              onExpand={setExpanded}
              selectedKeys={selected ? [selected.orgId] : []}
              // Sorting needs the whole loaded level: not on a search answer.
              draggable={canSort && !found ? { icon: false } : false}
              allowDrop={({ dragNode, dropNode, dropPosition }) => dropPosition !== 0 && sameLevel(loaded, String(dragNode.key), String(dropNode.key))}
              onDrop={(info) => {
                const pos = info.node.pos.split('-');
                const relative = info.dropPosition - Number(pos[pos.length - 1]);
                if (!info.dropToGap || relative === 0) return;
                void dropAmongSiblings(String(info.dragNode.key), String(info.node.key), relative < 0 ? 'before' : 'after').catch(() => undefined);
              }}
              // A search answer is complete for what it shows; loading more would mix in non-matches.
              loadData={found ? undefined : async (node) => loadLevel(String(node.key))}
              onSelect={(_, info) => {
                const org = Object.values(byParent).flat().find((o) => o.orgId === String(info.node.key)) ?? null;
                setSelected(info.selected ? org : null);
              }}
            />
          ) : (
            <EmptyState
              what="机构"
              hint="机构树从顶级机构开始，新增后可在其下新增下级机构、为其添加用户。"
              add={{ permission: ORG_PERMISSIONS.add, onClick: () => open('orgAdd') }}
              searched={!!found}
              onClearSearch={() => searchForm.current?.clear()}
              loading={canList && roots.isPending}
            />
          )}
        </Card>
      </Col>
      <Col xs={24} lg={13}>
        <Card
          title={selected ? `机构用户 · ${selected.orgName}` : '机构用户'}
          extra={selected && <Checkbox checked={includeChildren} onChange={(e) => setIncludeChildren(e.target.checked)}>包含下级机构</Checkbox>}
        >
          {selected ? (
            <PagedTable<OrgUser, { orgId: string; includeChildren: boolean }>
              tableKey="system:org:users"
              fetcher={fetchOrgUsers}
              params={{ orgId: selected.orgId, includeChildren }}
              columns={USER_COLUMNS}
              rowKey="id"
              searched={false}
              empty={{
                what: '用户',
                title: includeChildren ? '该机构及其下级机构还没有用户' : '该机构下还没有用户',
                hint: includeChildren ? '在用户管理中新增用户并选择所属机构后，用户会显示在这里。' : '勾选“包含下级机构”可一并查看下级机构的用户；新增用户请到用户管理。',
              }}
            />
          ) : (
            <Typography.Text type="secondary">在左侧选择一个机构，查看其用户。</Typography.Text>
          )}
        </Card>
      </Col>
      <OrgAdminDialog org={adminOrg} onClose={() => setAdminOrg(null)} />
      <OrgBindDialog org={bindOrg} onClose={() => setBindOrg(null)} />
    </Row>
  );
}
