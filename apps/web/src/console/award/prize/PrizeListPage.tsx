import { Card, Space, Tag } from 'antd';
import { PlusOutlined } from '@ant-design/icons';
import { PRIZE_GRADE_LABELS, PRIZE_KIND_LABELS, PRIZE_PERMISSIONS as P, type PrizeGradeRule, type PrizeKind } from '@dandelion/shared/award/prize';
import { RECORD_STATUS_LABELS, type RecordStatus } from '@dandelion/shared';
import { formatDateTime } from '../../../lib/date';
import { optionsOf } from '../../../lib/options';
import { ActionBar, useRecordActions } from '../../../components/ActionBar';
import { PagedTable, useListPage, type PagedColumn } from '../../../components/PagedTable';
import { SearchForm, type SearchField } from '../../../components/SearchForm';
import { prizeApi, PRIZE_TABLE_KEY, type Prize, type PrizeSearch } from './api';

const SEARCH_FIELDS: SearchField[] = [
  { name: 'prizeName', label: '奖种名称' },
  { name: 'kind', label: '奖种类别', type: 'select', options: optionsOf(PRIZE_KIND_LABELS) },
  { name: 'status', label: '状态', type: 'select', options: optionsOf(RECORD_STATUS_LABELS) },
];

/** 特等奖 15人/10单位 · 一等奖 … : what an office checks first about a prize. */
function GradeCaps({ grades }: { grades: PrizeGradeRule[] }) {
  return (
    <Space size={[4, 4]} wrap>
      {grades.map((g) => (
        <Tag key={g.grade}>
          {PRIZE_GRADE_LABELS[g.grade]} {g.maxPersons}人/{g.maxUnits}单位
        </Tag>
      ))}
    </Space>
  );
}

/** /award/prize/prizeList: the prizes editions can open, with their grades and caps. */
export default function PrizeListPage() {
  const { table, searchForm, search, refresh, onSearch, clearSearch, open } = useListPage<PrizeSearch>();
  const actions = useRecordActions();

  const columns: PagedColumn<Prize>[] = [
    { key: 'prizeName', title: '奖种名称', dataIndex: 'prizeName', width: 140 },
    { key: 'prizeCode', title: '奖种编码', dataIndex: 'prizeCode', width: 100, defaultHidden: true },
    { key: 'kind', title: '类别', dataIndex: 'kind', width: 130, render: (v: PrizeKind) => PRIZE_KIND_LABELS[v] ?? v },
    // Wraps rather than widening the table: status and actions stay in view at 1366 px.
    { key: 'grades', title: '等级与人数上限', dataIndex: 'grades', width: 330, render: (v: PrizeGradeRule[]) => <GradeCaps grades={v} /> },
    { key: 'rubric', title: '评分指标', dataIndex: 'rubric', width: 90, render: (v: unknown[]) => `${v.length} 项` },
    {
      key: 'status', title: '状态', dataIndex: 'status', width: 80,
      render: (v: RecordStatus) => <Tag color={v === 'NORMAL' ? 'success' : 'default'}>{RECORD_STATUS_LABELS[v] ?? v}</Tag>,
    },
    { key: 'sort', title: '排序', dataIndex: 'sort', width: 70, defaultHidden: true },
    { key: 'updateTime', title: '更新时间', dataIndex: 'updateTime', width: 170, defaultHidden: true, render: (v: string) => formatDateTime(v) },
    {
      key: 'action', title: '操作', alwaysShown: true, fixed: 'right', width: 220,
      render: (_: unknown, row: Prize) => (
        <ActionBar
          variant="row"
          actions={[
            { key: 'upd', label: '修改', permission: P.upd, onClick: () => open('prizeUpd', { id: row.prizeId }) },
            { key: 'detail', label: '详情', permission: P.detail, onClick: () => open('prizeDetail', { id: row.prizeId }) },
            actions.toggleStatus({ status: row.status, permission: P.enable, change: (next) => prizeApi.setStatus(row.prizeId, row.lockVersion, next), after: refresh }),
            actions.remove({
              entity: '奖种', name: row.prizeName, permission: P.del, description: '已被届次开放的奖种不能删除。',
              remove: () => prizeApi.remove(row.prizeId, row.lockVersion), after: refresh,
            }),
          ]}
        />
      ),
    },
  ];

  return (
    <Card>
      <SearchForm<PrizeSearch> ref={searchForm} fields={SEARCH_FIELDS} onSearch={onSearch} />
      <PagedTable<Prize, PrizeSearch>
        ref={table}
        tableKey={PRIZE_TABLE_KEY}
        fetcher={prizeApi.page}
        params={search}
        columns={columns}
        rowKey="prizeId"
        onClearSearch={clearSearch}
        empty={{ what: '奖种', hint: '奖种规定奖励等级、人数上限、评分指标和申报书栏目，届次从中选择开放申报的奖种。', add: { permission: P.add, onClick: () => open('prizeAdd') } }}
        toolbar={<ActionBar actions={[{ key: 'add', label: '新增', primary: true, icon: <PlusOutlined />, permission: P.add, onClick: () => open('prizeAdd') }]} />}
      />
    </Card>
  );
}
