import { Table } from 'antd';
import { EDITION_PERMISSIONS, EDITION_STAGE_LABELS, type EditionStage } from '@dandelion/shared/award/edition';
import { auditItems, multilineOf, tagsOf, yesNo, type DetailItem, type DetailTab } from '../../../components/detail';
import type { Edition } from './api';
import { phaseTag } from './phaseTag';

/** The edition as a description list, its stage dates as a tab. */
export const editionDetail = {
  editPermission: EDITION_PERMISSIONS.upd,
  items: (e: Edition): DetailItem[] => [
    { label: '届次名称', value: e.editionName },
    { label: '年度', value: e.year },
    { label: '阶段', value: phaseTag(e.phase) },
    { label: '发布状态', value: e.published ? '已发布' : '未发布' },
    { label: '开放奖种', value: tagsOf(e.prizeNames), span: 'filled' },
    { label: '单位审核', value: yesNo(e.unitReview) },
    { label: '提名单位审核', value: yesNo(e.nominatorReview) },
    { label: '限期修改', value: `${e.fixDeadlineWorkingDays} 个工作日` },
    { label: '一人一项', value: yesNo(e.eligibility.onePersonOneDeclaration) },
    {
      label: '近届获奖限制',
      value: e.eligibility.excludeWinnersOfLastEditions ? `近 ${e.eligibility.excludeWinnersOfLastEditions} 届获奖项目不得申报` : '不限制',
    },
    { label: '上届未获奖项目', value: e.eligibility.excludeNotAwardedLastEdition ? '不得申报' : '可以申报' },
    { label: '申报通知', value: multilineOf(e.guide), span: 'filled' },
    ...auditItems(e),
  ],
  tabs: (e: Edition): DetailTab[] => [
    {
      key: 'stages',
      label: '各阶段日期',
      children: (
        <Table
          size="small"
          pagination={false}
          rowKey="stage"
          dataSource={e.stages}
          columns={[
            { title: '阶段', dataIndex: 'stage', render: (s: EditionStage) => EDITION_STAGE_LABELS[s] },
            { title: '开始日期', dataIndex: 'startDate', render: (d: string | null) => d ?? '未设置' },
            { title: '结束日期', dataIndex: 'endDate', render: (d: string | null) => d ?? '未设置' },
          ]}
        />
      ),
    },
  ],
};
