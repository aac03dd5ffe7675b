import { useMemo, useState } from 'react';
import { App, Card, Col, Descriptions, Empty, Form, Input, Modal, Row, Select, Space, Tag, Tree, TreeSelect, Typography, type TreeDataNode } from 'antd';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { CATALOG_CONTENT_TYPE_LABELS, CATALOG_STATUS_LABELS, CATALOG_TYPE_LABELS, LINK_TYPE_LABELS } from '@dandelion/shared/cms/catalog';
import { CMS_SETTING_PERMISSIONS as P, OPEN_TYPE_LABELS } from '@dandelion/shared/cms/setting';
import { ActionBar } from '../../../components/ActionBar';
import { EmptyState } from '../../../components/PagedTable';
import { useHasPermission } from '../../../api/consoleStore';
import { reorder } from '../../../lib/tree';
import {
  addCatalog, deleteCatalog, fetchAllSites, fetchAllTemplates, fetchCatalogTree, moveCatalog, sortCatalogs, updateCatalog, updateCatalogStatus,
  type Catalog, type CatalogValues,
} from './api';
import { CATALOG_DEFAULTS, CatalogFields } from './CatalogForm';
import { indexCatalogs, parentOptions, siblingIds, subtreeIds } from './catalogTree';
import { RecordModal, type RecordMode } from './RecordModal';
import { useRowAction } from './useRowAction';

const TOP = '__top__';
const label = (labels: Readonly<Record<string, string>>, v: string | null) => (v ? (labels[v] ?? v) : '-');

/** 栏目: one site's catalogue tree in every status; drag (or 上移/下移, 移动到) to reorder and move. */
export function CatalogTab() {
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  const canSort = useHasPermission(P.sort);
  const sites = useQuery({ queryKey: ['cms-setting', 'sites'], queryFn: ({ signal }) => fetchAllSites(signal) });
  const templates = useQuery({ queryKey: ['cms-setting', 'templates'], queryFn: ({ signal }) => fetchAllTemplates(signal) });
  const [chosenSiteId, setSiteId] = useState<string | null>(null);
  // Until one is chosen, the default site: it is the one the portal shows.
  const siteId = chosenSiteId ?? (sites.data?.find((s) => s.isDefault) ?? sites.data?.[0])?.siteId ?? null;
  const [draft, setDraft] = useState('');
  const [keyword, setKeyword] = useState('');
  const [selectedId, setSelectedId] = useState<string | null>(null);
  const [editing, setEditing] = useState<{ mode: RecordMode; parentId: string | null; catalog?: Catalog } | null>(null);
  const [moving, setMoving] = useState<Catalog | null>(null);
  const [target, setTarget] = useState<string>(TOP);
  const [form] = Form.useForm<CatalogValues>();

  const treeKey = ['cms-setting', 'catalogs', siteId, keyword] as const;
  const tree = useQuery({ queryKey: treeKey, enabled: !!siteId, queryFn: ({ signal }) => fetchCatalogTree(siteId!, keyword ? { catalogName: keyword } : {}, signal) });
  const roots = useMemo(() => tree.data ?? [], [tree.data]);
  const byId = useMemo(() => indexCatalogs(roots), [roots]);
  const selected = selectedId ? (byId.get(selectedId) ?? null) : null;
  // Everything starts open (new and moved catalogues included); only what the user folds stays folded.
  const [folded, setFolded] = useState<Set<string>>(new Set());
  const expanded = useMemo(() => [...byId.keys()].filter((id) => !folded.has(id)), [byId, folded]);

  const reload = () => queryClient.invalidateQueries({ queryKey: ['cms-setting', 'catalogs', siteId] });
  const act = useRowAction(reload);

  /** Puts `moved` before or after `anchor` among anchor's siblings, moving it there first when it came from elsewhere. */
  const place = async (moved: Catalog, anchor: Catalog, where: 'before' | 'after') => {
    const parentId = anchor.parentCatalogId;
    const ids = siblingIds(roots, byId, parentId);
    const sameParent = moved.parentCatalogId === parentId;
    const order = reorder(sameParent ? ids : [...ids, moved.catalogId], moved.catalogId, anchor.catalogId, where);
    if (sameParent && !order) return; // dropped where it already was
    await act(async () => {
      if (!sameParent) await moveCatalog(moved.catalogId, parentId, moved.lockVersion);
      if (order) await sortCatalogs(siteId!, parentId, order);
    }, '已调整栏目位置');
  };

  const shift = (node: Catalog, step: -1 | 1) => {
    const ids = siblingIds(roots, byId, node.parentCatalogId);
    const neighbour = byId.get(ids[ids.indexOf(node.catalogId) + step]!);
    if (neighbour) void place(node, neighbour, step < 0 ? 'before' : 'after');
  };

  const treeData = useMemo(() => {
    const toNode = (c: Catalog): TreeDataNode => ({
      key: c.catalogId,
      title: (
        <Space size={4}>
          <span>{c.catalogName}</span>
          <Typography.Text type="secondary">{c.code}</Typography.Text>
          {c.catalogStatus !== 'ENABLE' && <Tag>停用</Tag>}
          {c.linkType === 'EXTERNAL_LINK' && <Tag color="purple">外链</Tag>}
        </Space>
      ),
      children: c.children.map(toNode),
    });
    return roots.map(toNode);
  }, [roots]);

  const siblings = selected ? siblingIds(roots, byId, selected.parentCatalogId) : [];
  const at = selected ? siblings.indexOf(selected.catalogId) : -1;
  const parentName = (id: string | null) => (id ? (byId.get(id)?.catalogName ?? '-') : '无（顶级栏目）');

  return (
    <Row gutter={16}>
      <Col xs={24} lg={10}>
        <Card
          size="small"
          title={
            <Select
              aria-label="选择站点"
              style={{ width: 280 }}
              value={siteId ?? undefined}
              loading={sites.isLoading}
              options={(sites.data ?? []).map((s) => ({ value: s.siteId, label: `${s.siteName}${s.isDefault ? '（默认）' : ''}` }))}
              onChange={(v) => {
                setSiteId(v);
                setSelectedId(null);
              }}
            />
          }
          extra={
            <ActionBar actions={[{ key: 'addTop', label: '新增顶级栏目', primary: true, permission: P.add, disabled: !siteId, onClick: () => setEditing({ mode: 'add', parentId: null }) }]} />
          }
        >
          <Input.Search
            placeholder="按栏目名称搜索"
            allowClear
            enterButton="搜索"
            aria-label="搜索栏目"
            value={draft}
            onChange={(e) => setDraft(e.target.value)}
            onSearch={(v) => setKeyword(v.trim())}
            style={{ marginBottom: 12 }}
          />
          {treeData.length ? (
            <Tree
              blockNode
              treeData={treeData}
              expandedKeys={expanded}
              onExpand={(keys) => {
                const open = new Set(keys.map(String));
                setFolded(new Set([...byId.keys()].filter((id) => !open.has(id))));
              }}
              selectedKeys={selectedId ? [selectedId] : []}
              onSelect={(_, info) => setSelectedId(info.selected ? String(info.node.key) : null)}
              // A search answer shows only part of each level: reordering it would drop the hidden siblings.
              draggable={canSort && !keyword ? { icon: false } : false}
              onDrop={(info) => {
                const moved = byId.get(String(info.dragNode.key));
                const anchor = byId.get(String(info.node.key));
                if (!moved || !anchor) return;
                if (!info.dropToGap) {
                  void act(() => moveCatalog(moved.catalogId, anchor.catalogId, moved.lockVersion), `已移动到「${anchor.catalogName}」下`);
                  return;
                }
                const pos = info.node.pos.split('-');
                const relative = info.dropPosition - Number(pos[pos.length - 1]);
                void place(moved, anchor, relative < 0 ? 'before' : 'after');
              }}
            />
          ) : (
            <EmptyState
              what="栏目"
              // Catalogues belong to a site: with no site there is nothing to add them to yet.
              title={siteId ? '该站点还没有栏目' : '还没有站点'}
              hint={siteId ? '栏目组成门户的导航，文章发布在栏目中；先新增顶级栏目，再在其下新增下级栏目。' : '先在“站点”页新增站点，再为它建立栏目。'}
              add={siteId ? { label: '新增顶级栏目', permission: P.add, onClick: () => setEditing({ mode: 'add', parentId: null }) } : undefined}
              searched={!!keyword}
              onClearSearch={() => {
                setDraft('');
                setKeyword('');
              }}
              loading={sites.isLoading || tree.isLoading}
            />
          )}
        </Card>
      </Col>
      <Col xs={24} lg={14}>
        <Card
          size="small"
          title={selected ? `栏目 · ${selected.catalogName}` : '栏目详情'}
          extra={
            selected && (
              <ActionBar
                actions={[
                  { key: 'addChild', label: '新增子栏目', permission: P.add, onClick: () => setEditing({ mode: 'add', parentId: selected.catalogId }) },
                  { key: 'upd', label: '修改', permission: P.upd, onClick: () => setEditing({ mode: 'upd', parentId: selected.parentCatalogId, catalog: selected }) },
                  {
                    key: 'status', label: selected.catalogStatus === 'ENABLE' ? '停用' : '启用', permission: P.upd,
                    onClick: () => act(
                      () => updateCatalogStatus(selected.catalogId, selected.lockVersion, selected.catalogStatus === 'ENABLE' ? 'DISABLE' : 'ENABLE'),
                      selected.catalogStatus === 'ENABLE' ? '已停用' : '已启用',
                    ),
                  },
                  { key: 'up', label: '上移', permission: P.sort, disabled: at <= 0 || !!keyword, overflow: true, onClick: () => shift(selected, -1) },
                  { key: 'down', label: '下移', permission: P.sort, disabled: at < 0 || at >= siblings.length - 1 || !!keyword, overflow: true, onClick: () => shift(selected, 1) },
                  { key: 'move', label: '移动到', permission: P.sort, overflow: true, onClick: () => { setTarget(selected.parentCatalogId ?? TOP); setMoving(selected); } },
                  {
                    key: 'del', label: '删除', permission: P.del, danger: true, overflow: true,
                    confirm: { title: `确定删除栏目「${selected.catalogName}」吗？`, description: '有子栏目或文章的栏目不能删除。' },
                    onClick: () => act(async () => { await deleteCatalog(selected.catalogId, selected.lockVersion); setSelectedId(null); }, '删除成功'),
                  },
                ]}
              />
            )
          }
        >
          {selected ? (
            <Descriptions column={2} size="small" bordered>
              <Descriptions.Item label="栏目名称">{selected.catalogName}</Descriptions.Item>
              <Descriptions.Item label="栏目编码">{selected.code}</Descriptions.Item>
              <Descriptions.Item label="上级栏目">{parentName(selected.parentCatalogId)}</Descriptions.Item>
              <Descriptions.Item label="栏目路径">{selected.catalogPath}</Descriptions.Item>
              <Descriptions.Item label="层级">{selected.level}</Descriptions.Item>
              <Descriptions.Item label="排序">{selected.sort}</Descriptions.Item>
              <Descriptions.Item label="状态">{label(CATALOG_STATUS_LABELS, selected.catalogStatus)}</Descriptions.Item>
              <Descriptions.Item label="栏目类型">{label(CATALOG_TYPE_LABELS, selected.catalogType)}</Descriptions.Item>
              <Descriptions.Item label="内容类型">{label(CATALOG_CONTENT_TYPE_LABELS, selected.catalogContentType)}</Descriptions.Item>
              <Descriptions.Item label="链接类型">{label(LINK_TYPE_LABELS, selected.linkType)}</Descriptions.Item>
              <Descriptions.Item label="打开方式">{label(OPEN_TYPE_LABELS, selected.openType)}</Descriptions.Item>
              <Descriptions.Item label="在导航栏显示">{selected.showInNav ? '是' : '否'}</Descriptions.Item>
              <Descriptions.Item label="链接地址" span={2}>{selected.linkUrl ?? '-'}</Descriptions.Item>
              <Descriptions.Item label="列表模板" span={2}>{templates.data?.find((t) => t.templateId === selected.templateId)?.templateName ?? '默认模板'}</Descriptions.Item>
              <Descriptions.Item label="栏目描述" span={2}>{selected.description ?? '-'}</Descriptions.Item>
            </Descriptions>
          ) : (
            <Empty description="在左侧选择一个栏目" />
          )}
        </Card>
      </Col>
      <RecordModal<CatalogValues>
        entityName="栏目"
        mode={editing?.mode ?? 'add'}
        open={!!editing}
        form={form}
        // A stored catalogue's enum fields hold values the form offers.
        initialValues={editing?.catalog ? (editing.catalog as Partial<CatalogValues>) : CATALOG_DEFAULTS}
        onClose={() => setEditing(null)}
        onSave={async (values) => {
          const body = { ...CATALOG_DEFAULTS, ...values } as CatalogValues;
          if (editing?.mode === 'upd' && editing.catalog) await updateCatalog(editing.catalog.catalogId, editing.catalog.lockVersion, body);
          else await addCatalog(siteId!, editing?.parentId ?? null, body);
          message.success(editing?.mode === 'upd' ? '修改成功' : '新增成功');
          await reload();
        }}
      >
        <CatalogFields templates={templates.data ?? []} parentName={parentName(editing?.parentId ?? null)} />
      </RecordModal>
      <Modal
        title={moving ? `移动栏目「${moving.catalogName}」` : '移动栏目'}
        open={!!moving}
        onCancel={() => setMoving(null)}
        okText="移动"
        destroyOnHidden
        onOk={async () => {
          const node = moving!;
          setMoving(null);
          const parentId = target === TOP ? null : target;
          await act(() => moveCatalog(node.catalogId, parentId, node.lockVersion), parentId ? `已移动到「${byId.get(parentId)?.catalogName}」下` : '已移动到顶级');
        }}
      >
        <Typography.Paragraph type="secondary">栏目连同它的下级一起移动，排在新上级的最后；不能移到它自己或它的下级下。</Typography.Paragraph>
        <TreeSelect
          aria-label="新的上级栏目"
          style={{ width: '100%' }}
          value={target}
          onChange={(v) => setTarget(v)}
          treeDefaultExpandAll
          treeData={[{ value: TOP, title: '顶级（无上级）', children: [] }, ...(moving ? parentOptions(roots, subtreeIds(moving)) : [])]}
        />
      </Modal>
    </Row>
  );
}
