import { useState } from 'react';
import { Card } from 'antd';
import { PlusOutlined, SettingOutlined } from '@ant-design/icons';
import { COMMITTEE_PERMISSIONS as P, COMMITTEE_RATIO_LABELS, SITTING_STATUS_LABELS, type SittingStatus } from '@dandelion/shared/award/committee';
import { ActionBar, type ActionButton } from '../../../components/ActionBar';
import { dateTimeOf, textOf } from '../../../components/detail';
import { PagedTable, useListPage, type PagedColumn } from '../../../components/PagedTable';
import { SearchForm, type SearchField } from '../../../components/SearchForm';
import { useAwardFilterOptions } from '../../../components/useAwardFilterOptions';
import { optionsOf } from '../../../lib/options';
import { committeeApi, SITTING_TABLE_KEY, type SittingRow, type SittingSearch } from './api';
import { sittingStatusTag } from './committeeLabels';
import { DefaultsModal, SittingFormModal } from './SittingModals';

/** The row's actions: each with its permission and only in the state it may start from (the server refuses the rest). */
function rowActions(row: SittingRow, open: (page: string, query: Record<string, string>) => void, refresh: () => Promise<unknown>): ActionButton[] {
  const detail = () => open('sittingDetail', { id: row.id });
  return [
    { key: 'detail', label: row.status === 'DRAFT' ? '详情/编辑' : '详情/结果', permission: P.detail, onClick: detail },
    {
      key: 'open', label: '开始投票', permission: P.open, hidden: row.status !== 'DRAFT',
      confirm: { title: '开始投票？', description: '开始后委员、上会申报书与拟授奖等级不能再修改。', okText: '开始投票' },
      onClick: async () => { await committeeApi.open(row.id); await refresh(); },
    },
    {
      key: 'close', label: '结束投票', permission: P.close, hidden: row.status !== 'VOTING',
      confirm: { title: '结束投票？', description: '结束后按规则计算并记录结果，申报书转入拟授奖或不予授奖，投票不能再更改。', okText: '结束投票' },
      onClick: async () => { await committeeApi.close(row.id); await refresh(); },
    },
    {
      key: 'del', label: '删除', permission: P.del, danger: true, overflow: true, hidden: row.status !== 'DRAFT' || row.itemCount > 0,
      confirm: { title: `删除会议「${row.title}」？` },
      onClick: async () => { await committeeApi.remove(row.id, row.lockVersion); await refresh(); },
    },
  ];
}

/** /award/committee/sittingList: the committee's sittings by edition, prize and state. */
export default function SittingListPage() {
  const { table, searchForm, search, refresh, onSearch, clearSearch, open } = useListPage<SittingSearch>();
  const { editions, prizes } = useAwardFilterOptions();
  const [adding, setAdding] = useState(false);
  const [settings, setSettings] = useState(false);

  const fields: SearchField[] = [
    { name: 'title', label: '会议名称' },
    { name: 'editionId', label: '届次', type: 'select', options: editions ?? [] },
    { name: 'prizeId', label: '奖种', type: 'select', options: prizes ?? [] },
    { name: 'status', label: '状态', type: 'select', options: optionsOf(SITTING_STATUS_LABELS) },
  ];

  const columns: PagedColumn<SittingRow>[] = [
    { key: 'title', title: '会议名称', dataIndex: 'title', minWidth: 200, render: (title: string, row) => <a onClick={() => open('sittingDetail', { id: row.id })}>{title}</a> },
    { key: 'editionName', title: '届次', dataIndex: 'editionName', width: 180, render: textOf },
    { key: 'prizeName', title: '奖种', dataIndex: 'prizeName', width: 140, render: textOf },
    { key: 'memberCount', title: '委员', dataIndex: 'memberCount', width: 80 },
    { key: 'itemCount', title: '上会申报书', dataIndex: 'itemCount', width: 100 },
    { key: 'ratios', title: '法定人数 / 通过比例', width: 170, render: (_: unknown, row) => `${COMMITTEE_RATIO_LABELS[row.quorumRatio]} / ${COMMITTEE_RATIO_LABELS[row.passRatio]}` },
    { key: 'status', title: '状态', dataIndex: 'status', width: 100, render: (s: SittingStatus) => sittingStatusTag(s) },
    { key: 'openedAt', title: '开始投票', dataIndex: 'openedAt', width: 170, render: dateTimeOf, defaultHidden: true },
    { key: 'closedAt', title: '结束投票', dataIndex: 'closedAt', width: 170, render: dateTimeOf },
    { key: 'action', title: '操作', alwaysShown: true, fixed: 'right', width: 220, render: (_: unknown, row: SittingRow) => <ActionBar variant="row" actions={rowActions(row, open, refresh)} /> },
  ];

  return (
    <Card>
      <SearchForm<SittingSearch> ref={searchForm} fields={fields} onSearch={onSearch} />
      <PagedTable<SittingRow, SittingSearch>
        ref={table}
        tableKey={SITTING_TABLE_KEY}
        fetcher={committeeApi.page}
        params={search}
        columns={columns}
        rowKey="id"
        onClearSearch={clearSearch}
        empty={{ what: '评审委员会会议', hint: '新建会议时，该届次该奖种专家评审已通过的申报书全部上会。', add: { permission: P.add, onClick: () => setAdding(true) } }}
        toolbar={
          <ActionBar
            actions={[
              { key: 'add', label: '新建会议', icon: <PlusOutlined />, primary: true, permission: P.add, onClick: () => setAdding(true) },
              { key: 'settings', label: '默认设置', icon: <SettingOutlined />, permission: P.settings, onClick: () => setSettings(true) },
            ]}
          />
        }
      />
      <SittingFormModal editing={null} open={adding} onClose={() => setAdding(false)} onSaved={() => { setAdding(false); void refresh(); }} />
      <DefaultsModal open={settings} onClose={() => setSettings(false)} />
    </Card>
  );
}
