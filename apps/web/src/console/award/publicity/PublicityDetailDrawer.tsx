import { useQuery } from '@tanstack/react-query';
import { Descriptions, Drawer, Spin } from 'antd';
import { PUBLICITY_DAY_KIND_LABELS } from '@dandelion/shared/award/publicity';
import { dateTimeOf } from '../../../components/detail';
import { EntriesTable } from './EntriesTable';
import { publicityApi } from './api';
import { publicityKindTag, publicityStatusTag } from './publicityTags';

/** 详情: the window, the entries as the portal shows them and the declarations left out. */
export function PublicityDetailDrawer({ publicityId, onClose }: { publicityId: string | null; onClose: () => void }) {
  const detail = useQuery({ queryKey: ['award-publicity', publicityId], queryFn: ({ signal }) => publicityApi.detail(publicityId!, signal), enabled: !!publicityId });
  const d = detail.data;
  return (
    <Drawer open={!!publicityId} onClose={onClose} width={960} title={d?.title ?? '公示详情'} destroyOnHidden>
      {!d ? (
        <Spin />
      ) : (
        <>
          <Descriptions size="small" column={{ xs: 1, sm: 2 }} bordered style={{ marginBottom: 16 }}>
            <Descriptions.Item label="届次">{d.editionName}</Descriptions.Item>
            <Descriptions.Item label="奖种">{d.prizeName}</Descriptions.Item>
            <Descriptions.Item label="类型">{publicityKindTag(d.kind)}</Descriptions.Item>
            <Descriptions.Item label="状态">{publicityStatusTag(d.status)}</Descriptions.Item>
            <Descriptions.Item label="公示期">{`${d.startDate} 至 ${d.endDate}（${d.days} 个${PUBLICITY_DAY_KIND_LABELS[d.dayKind]}）`}</Descriptions.Item>
            <Descriptions.Item label="开始 / 结束时间">{`${d.openedAt ? dateTimeOf(d.openedAt) : '—'} / ${d.closedAt ? dateTimeOf(d.closedAt) : '—'}`}</Descriptions.Item>
            {d.note && <Descriptions.Item label="公示说明" span={2}>{d.note}</Descriptions.Item>}
          </Descriptions>
          <EntriesTable entries={d.entries} leftOut={d.leftOut} showGrade={d.kind === 'RESULT'} />
        </>
      )}
    </Drawer>
  );
}
