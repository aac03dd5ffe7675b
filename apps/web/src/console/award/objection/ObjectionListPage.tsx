import { useState } from 'react';
import { Card, Tag } from 'antd';
import { SettingOutlined } from '@ant-design/icons';
import { useQueryClient } from '@tanstack/react-query';
import { mayMoveObjection, OBJECTION_CATEGORY_LABELS, OBJECTION_PERMISSIONS as P, OBJECTION_STATUS_LABELS, type ObjectionCategory, type ObjectionStatus } from '@dandelion/shared/award/objection';
import { ActionBar, type ActionButton } from '../../../components/ActionBar';
import { PagedTable, useListPage, type PagedColumn } from '../../../components/PagedTable';
import { SearchForm, type SearchField } from '../../../components/SearchForm';
import { useAwardFilterOptions } from '../../../components/useAwardFilterOptions';
import { optionsOf } from '../../../lib/options';
import { objectionApi, OBJECTION_TABLE_KEY, type ObjectionRow, type ObjectionSearch } from './api';
import { ObjectionDetailDrawer, objectionDetailKey } from './ObjectionDetailDrawer';
import { ObjectionMoveModal, type ObjectionMoveKind } from './ObjectionMoveModal';
import { ObjectionSettingModal } from './ObjectionSettingModal';
import { objectionStatusTag } from './objectionTags';

/** The row's actions: each only with its permission and only in the states the server allows it. */
function rowActions(row: ObjectionRow, show: () => void, open: (kind: ObjectionMoveKind) => void): ActionButton[] {
  return [
    { key: 'detail', label: '详情', permission: P.detail, onClick: show },
    { key: 'accept', label: '受理', permission: P.accept, hidden: !mayMoveObjection('ACCEPT', row.status), onClick: () => open('accept') },
    { key: 'reject', label: '不予受理', permission: P.accept, danger: true, hidden: !mayMoveObjection('REJECT', row.status), onClick: () => open('reject') },
    { key: 'investigate', label: '开始调查', permission: P.investigate, hidden: !mayMoveObjection('INVESTIGATE', row.status), onClick: () => open('investigate') },
    { key: 'decide', label: '处理结论', permission: P.decide, hidden: !mayMoveObjection('UPHOLD', row.status), onClick: () => open('decide') },
  ];
}

/** /award/objection/objectionList: objections against publicity entries, their deadlines and handling. */
export default function ObjectionListPage() {
  const { table, searchForm, search, refresh, onSearch, clearSearch } = useListPage<ObjectionSearch>();
  const { editions, prizes } = useAwardFilterOptions();
  const queryClient = useQueryClient();
  const [showing, setShowing] = useState<string | null>(null);
  const [moving, setMoving] = useState<{ row: ObjectionRow; kind: ObjectionMoveKind } | null>(null);
  const [setting, setSetting] = useState(false);

  const fields: SearchField[] = [
    ...(editions ? [{ name: 'editionId', label: '届次', type: 'select' as const, options: editions }] : []),
    ...(prizes ? [{ name: 'prizeId', label: '奖种', type: 'select' as const, options: prizes }] : []),
    { name: 'status', label: '状态', type: 'select', options: optionsOf(OBJECTION_STATUS_LABELS) },
    { name: 'overdue', label: '是否逾期', type: 'select', options: [{ value: 'YES', label: '已逾期' }, { value: 'NO', label: '未逾期' }] },
  ];

  const columns: PagedColumn<ObjectionRow>[] = [
    { key: 'subject', title: '异议事项', dataIndex: 'subject', minWidth: 220, render: (subject: string, row) => <a onClick={() => setShowing(row.objectionId)}>{subject}</a> },
    { key: 'entryTitle', title: '异议项目', dataIndex: 'entryTitle', minWidth: 200 },
    { key: 'registrationNo', title: '登记号', dataIndex: 'registrationNo', width: 140 },
    { key: 'category', title: '类别', dataIndex: 'category', width: 150, render: (c: ObjectionCategory) => OBJECTION_CATEGORY_LABELS[c] },
    { key: 'objector', title: '异议人', dataIndex: 'objector', width: 220 },
    { key: 'deadline', title: '处理期限', dataIndex: 'deadline', width: 130, render: (deadline: string, row) => (row.overdue ? <Tag color="error">{deadline} 已逾期</Tag> : deadline) },
    { key: 'status', title: '状态', dataIndex: 'status', width: 110, render: (s: ObjectionStatus) => objectionStatusTag(s) },
    {
      key: 'action', title: '操作', alwaysShown: true, fixed: 'right', width: 240,
      render: (_: unknown, row: ObjectionRow) => <ActionBar variant="row" actions={rowActions(row, () => setShowing(row.objectionId), (kind) => setMoving({ row, kind }))} />,
    },
  ];

  return (
    <Card>
      <SearchForm<ObjectionSearch> ref={searchForm} fields={fields} onSearch={onSearch} />
      <PagedTable<ObjectionRow, ObjectionSearch>
        ref={table}
        tableKey={OBJECTION_TABLE_KEY}
        fetcher={objectionApi.page}
        params={search}
        columns={columns}
        rowKey="objectionId"
        onClearSearch={clearSearch}
        empty={{ what: '异议', hint: '公示期内，实名认证的个人或加盖公章的单位在门户对公示项目提出的异议会出现在这里。' }}
        toolbar={<ActionBar actions={[{ key: 'setting', label: '处理期限设置', icon: <SettingOutlined />, permission: P.setting, onClick: () => setSetting(true) }]} />}
      />
      <ObjectionSettingModal open={setting} onClose={() => setSetting(false)} />
      <ObjectionMoveModal
        target={moving}
        onClose={() => setMoving(null)}
        onDone={() => {
          const id = moving?.row.objectionId ?? null;
          setMoving(null);
          void refresh();
          void queryClient.invalidateQueries({ queryKey: objectionDetailKey(id) });
        }}
      />
      <ObjectionDetailDrawer objectionId={showing} onClose={() => setShowing(null)} />
    </Card>
  );
}
