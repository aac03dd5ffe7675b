import { disciplineLabels, disciplineTitle } from '../../../components/DisciplinePicker';
import { useState } from 'react';
import { Card } from 'antd';
import { ExportOutlined, ImportOutlined, PlusOutlined, UserAddOutlined } from '@ant-design/icons';
import { EXPERT_PERMISSIONS as P, EXPERT_SOURCE_LABELS, EXPERT_STATUS_LABELS, mayMove, type ExpertSource, type ExpertStatus } from '@dandelion/shared/award/expert';
import { expertStatusTag } from './expertStatus';
import { ActionBar, type ActionButton } from '../../../components/ActionBar';
import { dateTimeOf, textOf } from '../../../components/detail';
import { PagedTable, useListPage, type PagedColumn } from '../../../components/PagedTable';
import { SearchForm, type SearchField } from '../../../components/SearchForm';
import { optionsOf } from '../../../lib/options';
import { expertApi, EXPERT_TABLE_KEY, type ExpertRow, type ExpertSearch } from './api';
import { ExpertMoveModal, type ExpertMoveKind } from './ExpertMoveModal';
import { ExpertHistoryDrawer, ExpertImportModal, ExpertInviteModal } from './ExpertTools';

/** The row's actions: each only with its permission and only where its move may start (the server refuses the rest). */
function rowActions(row: ExpertRow, open: (page: string, query: Record<string, string>) => void, move: (kind: ExpertMoveKind) => void, showHistory: () => void): ActionButton[] {
  const may = (kind: Parameters<typeof mayMove>[0]) => mayMove(kind, row.status);
  return [
    { key: 'detail', label: '详情', permission: P.detail, onClick: () => open('expertDetail', { id: row.expertId }) },
    { key: 'upd', label: '修改', permission: P.upd, onClick: () => open('expertUpd', { id: row.expertId }) },
    { key: 'audit', label: '审核', permission: P.audit, hidden: !may('AUDIT'), onClick: () => move('AUDIT') },
    { key: 'suspend', label: '暂停', permission: P.suspend, hidden: !may('SUSPEND'), overflow: true, onClick: () => move('SUSPEND') },
    { key: 'resume', label: '恢复', permission: P.suspend, hidden: !may('RESUME'), onClick: () => move('RESUME') },
    { key: 'blacklist', label: '拉黑', permission: P.blacklist, hidden: !may('BLACKLIST'), danger: true, overflow: true, onClick: () => move('BLACKLIST') },
    { key: 'unblacklist', label: '解除黑名单', permission: P.blacklist, hidden: !may('UNBLACKLIST'), onClick: () => move('UNBLACKLIST') },
    { key: 'del', label: '申请删除', permission: P.del, hidden: !may('REQUEST_DELETION'), danger: true, overflow: true, onClick: () => move('REQUEST_DELETION') },
    { key: 'deletion', label: '审核删除', permission: P.deletion, hidden: !may('REVIEW_DELETION'), onClick: () => move('REVIEW_DELETION') },
    { key: 'history', label: '审核历史', permission: P.history, overflow: true, onClick: showHistory },
  ];
}

/**
 * /award/expert/expertList: the pool with its filters, a status tag per expert and the moves of each
 * expert's standing. 待审核 is this list filtered by status (the address may carry ?status=PENDING_AUDIT).
 */
export default function ExpertListPage() {
  const { table, searchForm, search, refresh, onSearch, clearSearch, open } = useListPage<ExpertSearch>({}, { fromAddress: ['status'] });
  const [moving, setMoving] = useState<{ kind: ExpertMoveKind; expert: ExpertRow } | null>(null);
  const [historyOf, setHistoryOf] = useState<ExpertRow | null>(null);
  const [inviting, setInviting] = useState(false);
  const [importing, setImporting] = useState(false);

  const fields: SearchField[] = [
    { name: 'keyword', label: '关键词', placeholder: '姓名、工作单位或研究方向' },
    { name: 'status', label: '状态', type: 'select', options: optionsOf(EXPERT_STATUS_LABELS).filter((o) => o.value !== 'DELETED') },
    { name: 'disciplineCode', label: '学科代码', placeholder: '学科代码或其前几位' },
    { name: 'title', label: '职称' },
    { name: 'region', label: '地区代码', placeholder: '行政区划代码，如 110000' },
    { name: 'source', label: '来源', type: 'select', options: optionsOf(EXPERT_SOURCE_LABELS) },
  ];

  const columns: PagedColumn<ExpertRow>[] = [
    { key: 'name', title: '姓名', dataIndex: 'name', width: 110, render: (name: string, row) => <a onClick={() => open('expertDetail', { id: row.expertId })}>{name}</a> },
    { key: 'title', title: '职称', dataIndex: 'title', width: 120, render: textOf },
    { key: 'unitName', title: '工作单位', dataIndex: 'unitName', minWidth: 180, render: textOf },
    { key: 'disciplineCodes', title: '学科', dataIndex: 'disciplineCodes', width: 200, render: (codes: string[]) => (codes.length ? <span title={codes.map(disciplineTitle).join("\n")}>{disciplineLabels(codes)}</span> : '—') },
    { key: 'keywords', title: '研究方向', dataIndex: 'keywords', width: 180, defaultHidden: true, render: (words: string[]) => (words.length ? words.join('、') : '—') },
    { key: 'phone', title: '手机号码', dataIndex: 'phone', width: 130, render: textOf },
    { key: 'idNumber', title: '证件号码', dataIndex: 'idNumber', width: 190, render: textOf, defaultHidden: true },
    { key: 'region', title: '地区代码', dataIndex: 'region', width: 100, render: textOf, defaultHidden: true },
    { key: 'source', title: '来源', dataIndex: 'source', width: 100, render: (s: ExpertSource) => EXPERT_SOURCE_LABELS[s] },
    { key: 'status', title: '状态', dataIndex: 'status', width: 100, render: (s: ExpertStatus) => expertStatusTag(s) },
    { key: 'statusUntil', title: '截止日期', dataIndex: 'statusUntil', width: 110, render: textOf, defaultHidden: true },
    { key: 'createTime', title: '入库时间', dataIndex: 'createTime', width: 170, render: dateTimeOf, defaultHidden: true },
    {
      key: 'action', title: '操作', alwaysShown: true, fixed: 'right', width: 220,
      render: (_: unknown, row: ExpertRow) => (
        <ActionBar variant="row" actions={rowActions(row, open, (kind) => setMoving({ kind, expert: row }), () => setHistoryOf(row))} />
      ),
    },
  ];

  return (
    <Card>
      <SearchForm<ExpertSearch> ref={searchForm} fields={fields} onSearch={onSearch} />
      <PagedTable<ExpertRow, ExpertSearch>
        ref={table}
        tableKey={EXPERT_TABLE_KEY}
        fetcher={expertApi.page}
        params={search}
        columns={columns}
        rowKey="expertId"
        onClearSearch={clearSearch}
        empty={{ what: '专家', hint: '可直接新增、批量导入，或邀请专家注册后提交审核。', add: { permission: P.add, onClick: () => open('expertAdd') } }}
        toolbar={
          <ActionBar
            actions={[
              { key: 'add', label: '新增', icon: <PlusOutlined />, primary: true, permission: P.add, onClick: () => open('expertAdd') },
              { key: 'invite', label: '邀请专家', icon: <UserAddOutlined />, permission: P.invite, onClick: () => setInviting(true) },
              { key: 'import', label: '导入', icon: <ImportOutlined />, permission: P.import, onClick: () => setImporting(true) },
              { key: 'export', label: '导出', icon: <ExportOutlined />, permission: P.export, onClick: () => expertApi.exportList(search) },
            ]}
          />
        }
      />
      <ExpertMoveModal
        kind={moving?.kind ?? null}
        expert={moving?.expert ?? null}
        onClose={() => setMoving(null)}
        onDone={() => {
          setMoving(null);
          void refresh();
        }}
        onStale={() => {
          void refresh();
          // A retry must carry the expert's new lockVersion (and the dialog its present state).
          const stale = moving;
          if (stale) void expertApi.detail(stale.expert.expertId).then((fresh) => setMoving((now) => (now?.expert.expertId === fresh.expertId ? { ...now, expert: { ...now.expert, ...fresh } } : now)), () => undefined);
        }}
      />
      <ExpertHistoryDrawer expert={historyOf} onClose={() => setHistoryOf(null)} />
      <ExpertInviteModal open={inviting} onClose={() => setInviting(false)} onInvited={() => void refresh()} />
      <ExpertImportModal open={importing} onClose={() => setImporting(false)} onImported={() => void refresh()} />
    </Card>
  );
}
