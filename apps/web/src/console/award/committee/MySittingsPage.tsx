import { Card } from 'antd';
import { COMMITTEE_VOTE_PERMISSIONS as P, type SittingStatus } from '@dandelion/shared/award/committee';
import { ActionBar } from '../../../components/ActionBar';
import { dateTimeOf, textOf } from '../../../components/detail';
import { PagedTable, useListPage, type PagedColumn } from '../../../components/PagedTable';
import { committeeApi, MY_SITTING_TABLE_KEY, type MySittingRow } from './api';
import { sittingStatusTag } from './committeeLabels';

type NoSearch = Record<string, never>;

/** /award/committeeVote/mySittings: the sittings the member sits on, once voting has opened. */
export default function MySittingsPage() {
  const { table, search, open } = useListPage<NoSearch>();
  const columns: PagedColumn<MySittingRow>[] = [
    { key: 'title', title: '会议名称', dataIndex: 'title', minWidth: 200, render: (title: string, row) => <a onClick={() => open('vote', { id: row.id })}>{title}</a> },
    { key: 'editionName', title: '届次', dataIndex: 'editionName', width: 180, render: textOf },
    { key: 'prizeName', title: '奖种', dataIndex: 'prizeName', width: 140, render: textOf },
    { key: 'progress', title: '我的投票', width: 110, render: (_: unknown, row) => `${row.myVotes} / ${row.itemCount}` },
    { key: 'status', title: '状态', dataIndex: 'status', width: 100, render: (s: SittingStatus) => sittingStatusTag(s) },
    { key: 'openedAt', title: '开始投票', dataIndex: 'openedAt', width: 170, render: dateTimeOf },
    { key: 'closedAt', title: '结束投票', dataIndex: 'closedAt', width: 170, render: dateTimeOf },
    {
      key: 'action', title: '操作', alwaysShown: true, fixed: 'right', width: 120,
      render: (_: unknown, row: MySittingRow) => (
        <ActionBar variant="row" actions={[{ key: 'vote', label: row.status === 'VOTING' ? '投票' : '查看', permission: P.vote, onClick: () => open('vote', { id: row.id }) }]} />
      ),
    },
  ];
  return (
    <Card>
      <PagedTable<MySittingRow, NoSearch>
        ref={table}
        tableKey={MY_SITTING_TABLE_KEY}
        fetcher={committeeApi.mine}
        params={search}
        columns={columns}
        rowKey="id"
        empty={{ what: '需要投票的会议', hint: '奖励办开始投票后，您参加的评审委员会会议会出现在这里。' }}
      />
    </Card>
  );
}
