import { useState } from 'react';
import { Card, Empty, Form, Select } from 'antd';
import { ExportOutlined } from '@ant-design/icons';
import { useQueryClient } from '@tanstack/react-query';
import { AWARDING_PERMISSIONS as P, HONOUR_STATUS_LABELS, type HonourStatus } from '@dandelion/shared/award/awarding';
import { PRIZE_GRADE_LABELS, type PrizeGrade } from '@dandelion/shared/award/prize';
import { ActionBar } from '../../../components/ActionBar';
import { textOf } from '../../../components/detail';
import { LoadError } from '../../../components/LoadError';
import { PageLoading } from '../../../components/PageLoading';
import { PagedTable, useListPage, type PagedColumn } from '../../../components/PagedTable';
import { SearchForm, type SearchField } from '../../../components/SearchForm';
import { useAwardFilterOptions } from '../../../components/useAwardFilterOptions';
import { optionsOf } from '../../../lib/options';
import { AWARD_LIST_TABLE_KEY, awardingApi, awardingKeys, useClosingPreview, type AwardSearch, type HonourRow } from './api';
import { ClosingPanel } from './ClosingPanel';

type ListSearch = Omit<AwardSearch, 'editionId' | 'prizeId'>;

/**
 * /award/awarding/awardingList (授奖管理): choose the edition (and prize), see what closing will do and
 * close it; then the award list with its filters, the Excel export and each certificate.
 */
export default function AwardingPage() {
  const { editions, prizes } = useAwardFilterOptions();
  const [editionId, setEditionId] = useState<string>();
  const [prizeId, setPrizeId] = useState<string>();
  const preview = useClosingPreview(editionId, prizeId);
  const queryClient = useQueryClient();
  const { table, searchForm, search, refresh, onSearch, clearSearch } = useListPage<ListSearch>();
  const params: AwardSearch | undefined = editionId ? { ...search, editionId, prizeId } : undefined;

  const fields: SearchField[] = [
    { name: 'keyword', label: '关键词', placeholder: '项目名称或登记号' },
    { name: 'grade', label: '等级', type: 'select', options: optionsOf(PRIZE_GRADE_LABELS) },
    { name: 'status', label: '授奖结果', type: 'select', options: optionsOf(HONOUR_STATUS_LABELS) },
  ];

  const columns: PagedColumn<HonourRow>[] = [
    { key: 'prizeName', title: '奖种', dataIndex: 'prizeName', width: 120 },
    { key: 'status', title: '授奖结果', dataIndex: 'status', width: 90, render: (s: HonourStatus) => HONOUR_STATUS_LABELS[s] },
    { key: 'grade', title: '等级', dataIndex: 'grade', width: 90, render: (g: PrizeGrade | null) => (g ? PRIZE_GRADE_LABELS[g] : '—') },
    { key: 'registrationNo', title: '登记号', dataIndex: 'registrationNo', width: 150, render: textOf },
    { key: 'certificateNo', title: '证书编号', dataIndex: 'certificateNo', width: 150, render: textOf },
    { key: 'title', title: '项目名称', dataIndex: 'title', minWidth: 200, render: textOf },
    { key: 'completers', title: '完成人', dataIndex: 'completers', width: 200, render: (names: string[]) => names.join('、') || '—' },
    { key: 'units', title: '完成单位', dataIndex: 'units', width: 220, defaultHidden: true, render: (names: string[]) => names.join('、') || '—' },
    {
      key: 'action', title: '操作', alwaysShown: true, fixed: 'right', width: 110,
      render: (_: unknown, row: HonourRow) => (
        <ActionBar
          variant="row"
          actions={[{ key: 'certificate', label: '下载证书', permission: P.certificate, hidden: row.status !== 'AWARDED', onClick: () => void awardingApi.certificate(row.id, row.registrationNo) }]}
        />
      ),
    },
  ];

  const onClosed = async () => {
    await queryClient.invalidateQueries({ queryKey: awardingKeys.preview(editionId ?? '', prizeId) });
    await refresh();
  };

  return (
    <Card>
      <Form layout="inline" style={{ marginBottom: 16, rowGap: 8 }}>
        <Form.Item label="届次" required>
          <Select showSearch optionFilterProp="label" placeholder="请选择届次" aria-label="届次" style={{ width: 220 }} options={editions} value={editionId} onChange={setEditionId} />
        </Form.Item>
        <Form.Item label="奖种">
          <Select allowClear showSearch optionFilterProp="label" placeholder="全部奖种" aria-label="奖种" style={{ width: 180 }} options={prizes} value={prizeId} onChange={setPrizeId} />
        </Form.Item>
      </Form>
      {!editionId && <Empty description="请选择届次：查看结束评奖预览与授奖名单" />}
      {preview.isError && <LoadError message={preview.error.message} onRetry={() => void preview.refetch()} />}
      {editionId && preview.isPending && <PageLoading />}
      {preview.data && <ClosingPanel preview={preview.data} onClosed={onClosed} />}
      {params && (
        <>
          <SearchForm<ListSearch> ref={searchForm} fields={fields} onSearch={onSearch} />
          <PagedTable<HonourRow, AwardSearch>
            ref={table}
            tableKey={AWARD_LIST_TABLE_KEY}
            title="授奖名单"
            fetcher={awardingApi.page}
            params={params}
            searched={Object.values(search).some((v) => v !== undefined && v !== '')}
            columns={columns}
            rowKey="id"
            onClearSearch={clearSearch}
            empty={{ what: '授奖名单', hint: '本届结束评奖后，每份申报书的授奖结果会列在这里。' }}
            toolbar={
              <ActionBar actions={[{ key: 'export', label: '导出Excel', icon: <ExportOutlined />, permission: P.export, onClick: () => void awardingApi.exportList(params) }]} />
            }
          />
        </>
      )}
    </Card>
  );
}
