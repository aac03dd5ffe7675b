import { useState } from 'react';
import { Card, Tag } from 'antd';
import { useNavigate } from 'react-router';
import { ASSIGNMENT_STATE_LABELS, DECLINE_REASON_LABELS, EXPERT_TASK_PERMISSIONS as P, type AssignmentState } from '@dandelion/shared/award/expertPush';
import { ActionBar } from '../../../components/ActionBar';
import { PagedTable, useListPage, type PagedColumn } from '../../../components/PagedTable';
import { SearchForm, type SearchField } from '../../../components/SearchForm';
import { optionsOf } from '../../../lib/options';
import { EXPERT_TASK_TABLE_KEY, expertTaskApi, type ExpertTask, type ExpertTaskSearch } from './api';
import { AcceptModal, ConflictModal, DeclineModal } from './ResponseModals';

const { PROPOSED: _notShown, ...SHOWN_STATES } = ASSIGNMENT_STATE_LABELS;
const SEARCH_FIELDS: SearchField[] = [{ name: 'state', label: '状态', type: 'select', options: optionsOf(SHOWN_STATES) }];
const STATE_COLORS: Partial<Record<AssignmentState, string>> = { PUSHED: 'processing', ACCEPTED: 'success', IN_PROGRESS: 'success', SUBMITTED: 'green', DECLINED: 'error', REMOVED: 'error', OVERDUE: 'warning' };
const SCORABLE: AssignmentState[] = ['ACCEPTED', 'IN_PROGRESS', 'SUBMITTED'];

/** /award/expertTask/expertTaskList: 我的评审任务 — accept (confirming no conflict), decline, declare a conflict, score. */
export default function ExpertTaskListPage() {
  const { table, searchForm, search, refresh, onSearch, clearSearch } = useListPage<ExpertTaskSearch>();
  const navigate = useNavigate();
  const [accepting, setAccepting] = useState<ExpertTask | null>(null);
  const [declining, setDeclining] = useState<ExpertTask | null>(null);
  const [conflicting, setConflicting] = useState<ExpertTask | null>(null);
  const done = () => {
    setAccepting(null);
    setDeclining(null);
    setConflicting(null);
    void refresh();
  };

  const columns: PagedColumn<ExpertTask>[] = [
    { key: 'registrationNo', title: '登记号', dataIndex: 'registrationNo', width: 130, render: (v: string | null) => v ?? '—' },
    { key: 'title', title: '项目名称', dataIndex: 'title', render: (v: string | null) => v ?? '（未填写项目名称）' },
    { key: 'prizeName', title: '奖种', dataIndex: 'prizeName', width: 140, render: (v: string | null) => v ?? '—' },
    { key: 'groupName', title: '评审组', dataIndex: 'groupName', width: 140 },
    { key: 'deadline', title: '评审截止', dataIndex: 'deadline', width: 110, render: (v: string | null) => v ?? '—' },
    {
      key: 'state', title: '状态', dataIndex: 'state', width: 150,
      render: (s: AssignmentState, row) => (
        <>
          <Tag color={STATE_COLORS[s]}>{ASSIGNMENT_STATE_LABELS[s]}</Tag>
          {row.declineReason && DECLINE_REASON_LABELS[row.declineReason]}
        </>
      ),
    },
    {
      key: 'action', title: '操作', alwaysShown: true, fixed: 'right', width: 220,
      render: (_: unknown, row: ExpertTask) => (
        <ActionBar
          variant="row"
          actions={[
            { key: 'accept', label: '接受', permission: P.respond, hidden: row.state !== 'PUSHED', onClick: () => setAccepting(row) },
            { key: 'decline', label: '拒绝', permission: P.respond, hidden: row.state !== 'PUSHED', onClick: () => setDeclining(row) },
            { key: 'score', label: '评分', hidden: !SCORABLE.includes(row.state), onClick: () => navigate(`/award/scoring/score?assignmentId=${row.assignmentId}`) },
            { key: 'conflict', label: '声明回避', permission: P.respond, danger: true, hidden: row.state !== 'ACCEPTED' && row.state !== 'IN_PROGRESS', onClick: () => setConflicting(row) },
          ]}
        />
      ),
    },
  ];

  return (
    <Card>
      <SearchForm<ExpertTaskSearch> ref={searchForm} fields={SEARCH_FIELDS} onSearch={onSearch} />
      <PagedTable<ExpertTask, ExpertTaskSearch>
        ref={table}
        tableKey={EXPERT_TASK_TABLE_KEY}
        fetcher={expertTaskApi.page}
        params={search}
        columns={columns}
        rowKey="assignmentId"
        onClearSearch={clearSearch}
        empty={{ what: '评审任务', hint: '奖励办推送评审邀请后，任务会出现在这里，并有站内信通知。' }}
      />
      <AcceptModal task={accepting} onClose={() => setAccepting(null)} onDone={done} />
      <DeclineModal task={declining} onClose={() => setDeclining(null)} onDone={done} />
      <ConflictModal task={conflicting} onClose={() => setConflicting(null)} onDone={done} />
    </Card>
  );
}
