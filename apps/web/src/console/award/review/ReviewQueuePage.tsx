import { useState } from 'react';
import { Card, Space, Tag } from 'antd';
import type { DeclarationStatus } from '@dandelion/shared/award/declaration';
import { useHasPermission } from '../../../api/consoleStore';
import { ActionBar } from '../../../components/ActionBar';
import { declarationStatusTag } from '../../../components/declarationView';
import { dateTimeOf, textOf } from '../../../components/detail';
import { PagedTable, useListPage, type PagedColumn } from '../../../components/PagedTable';
import { SearchForm, type SearchField } from '../../../components/SearchForm';
import { LEVELS, type QueueRow, type QueueSearch, type ReviewLevel } from './api';
import { ReviewDrawer } from './ReviewDrawer';
import { useAwardFilterOptions } from '../../../components/useAwardFilterOptions';

const SCOPE_OPTIONS = [
  { value: 'PENDING', label: '待审核' },
  { value: 'ALL', label: '全部' },
];
const INITIAL: QueueSearch = { scope: 'PENDING' };

/** A review queue: what waits at this level (or everything it has seen), and 审核 in a drawer beside the list. */
export function ReviewQueuePage({ level }: { level: ReviewLevel }) {
  const config = LEVELS[level];
  const { table, searchForm, search, refresh, onSearch, clearSearch } = useListPage<QueueSearch>(INITIAL);
  const options = useAwardFilterOptions();
  const mayDecide = useHasPermission(config.decidePermission);
  const [opened, setOpened] = useState<{ id: string; mode: 'review' | 'view' | 'revocation' } | null>(null);

  const fields: SearchField[] = [
    ...(options.editions ? [{ name: 'editionId', label: '届次', type: 'select' as const, options: options.editions }] : []),
    ...(options.prizes ? [{ name: 'prizeId', label: '奖种', type: 'select' as const, options: options.prizes }] : []),
    { name: 'keyword', label: '关键词', placeholder: '项目名称、登记号或完成人' },
    { name: 'scope', label: '范围', type: 'select', options: SCOPE_OPTIONS },
  ];

  const columns: PagedColumn<QueueRow>[] = [
    { key: 'registrationNo', title: '登记号', dataIndex: 'registrationNo', width: 140, render: textOf },
    {
      key: 'title', title: '项目名称', dataIndex: 'title', minWidth: 200,
      render: (title: string | null, row) => (
        <Space size={4} wrap>
          <a onClick={() => setOpened({ id: row.declarationId, mode: 'view' })}>{title || '（未填写项目名称）'}</a>
          {row.resubmitted && <Tag color="orange">已修改</Tag>}
          {row.revocationPending && <Tag color="red">申请撤回</Tag>}
        </Space>
      ),
    },
    { key: 'prizeName', title: '奖种', dataIndex: 'prizeName', width: 120 },
    { key: 'editionName', title: '届次', dataIndex: 'editionName', width: 160, defaultHidden: true },
    { key: 'unitOrgName', title: '申报单位', dataIndex: 'unitOrgName', width: 180, render: textOf },
    { key: 'nominatorOrgName', title: '提名单位', dataIndex: 'nominatorOrgName', width: 160, render: textOf, defaultHidden: level === 'unit' },
    { key: 'firstCompleter', title: '第一完成人', dataIndex: 'firstCompleter', width: 110, render: textOf },
    { key: 'submitTime', title: '提交时间', dataIndex: 'submitTime', width: 170, render: dateTimeOf },
    { key: 'deadline', title: '截止日期', dataIndex: 'deadline', width: 110, render: textOf, defaultHidden: true },
    { key: 'status', title: '状态', dataIndex: 'status', width: 130, render: (s: DeclarationStatus) => declarationStatusTag(s) },
    {
      key: 'action', title: '操作', alwaysShown: true, fixed: 'right', width: 200,
      render: (_: unknown, row: QueueRow) => (
        <ActionBar
          variant="row"
          actions={[
            {
              key: 'review', label: level === 'formal' ? '审查' : '审核', permission: config.decidePermission,
              hidden: !row.actions.includes(config.action),
              onClick: () => setOpened({ id: row.declarationId, mode: 'review' }),
            },
            {
              key: 'revocation', label: '办理撤回申请',
              hidden: !row.actions.includes('DECIDE_REVOCATION'),
              onClick: () => setOpened({ id: row.declarationId, mode: 'revocation' }),
            },
            { key: 'view', label: '查看', onClick: () => setOpened({ id: row.declarationId, mode: 'view' }) },
          ]}
        />
      ),
    },
  ];

  return (
    <Card>
      <SearchForm<QueueSearch> ref={searchForm} fields={fields} initialValues={INITIAL} onSearch={(values) => onSearch({ scope: 'ALL', ...values })} />
      <PagedTable<QueueRow, QueueSearch>
        ref={table}
        tableKey={config.tableKey}
        fetcher={config.page}
        params={search}
        columns={columns}
        rowKey="declarationId"
        onClearSearch={clearSearch}
        searched={!!(search.editionId || search.prizeId || search.keyword)}
        empty={{ what: search.scope === 'ALL' ? '申报书' : '待审核的申报书', hint: config.emptyHint }}
      />
      <ReviewDrawer
        level={level}
        declarationId={opened?.id ?? null}
        mode={opened?.mode ?? 'view'}
        mayDecide={mayDecide}
        onModeChange={(mode) => setOpened((current) => (current ? { ...current, mode } : current))}
        onClose={() => setOpened(null)}
        onChanged={refresh}
      />
    </Card>
  );
}
