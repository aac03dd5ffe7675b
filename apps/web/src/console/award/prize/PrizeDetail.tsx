import { Table } from 'antd';
import { GROUP_SCORE_METHOD_LABELS } from '@dandelion/shared/award/aggregation';
import {
  ATTACHMENT_TYPE_LABELS,
  DECLARATION_SECTION_LABELS,
  PRIZE_GRADE_LABELS,
  PRIZE_KIND_LABELS,
  PRIZE_PERMISSIONS,
  WORD_LIMITED_FIELD_LABELS,
  type WordLimitedField,
} from '@dandelion/shared/award/prize';
import { auditItems, labelTag, multilineOf, statusTag, tagsOf, textOf, type DetailItem, type DetailTab } from '../../../components/detail';
import type { Prize } from './api';

/** 项目名称 30字 · 项目简介 1000字 …; none set reads 不限. */
function wordLimitsOf(limits: Prize['formConfig']['wordLimits']): string {
  const set = Object.entries(limits).filter(([, v]) => typeof v === 'number');
  return set.length ? set.map(([field, v]) => `${WORD_LIMITED_FIELD_LABELS[field as WordLimitedField]} ${v}字`).join('；') : '不限';
}

/** The prize as a description list, its grades and rubric as tabs. */
export const prizeDetail = {
  editPermission: PRIZE_PERMISSIONS.upd,
  items: (p: Prize): DetailItem[] => [
    { label: '奖种名称', value: p.prizeName },
    { label: '奖种编码', value: p.prizeCode },
    { label: '奖种类别', value: labelTag(PRIZE_KIND_LABELS, p.kind) },
    { label: '状态', value: statusTag(p.status) },
    { label: '申报指南', value: multilineOf(p.guide), span: 'filled' },
    { label: '组内得分', value: GROUP_SCORE_METHOD_LABELS[p.scoreMethod] },
    { label: '申报书栏目', value: tagsOf(p.formConfig.sections.map((s) => DECLARATION_SECTION_LABELS[s])), span: 'filled' },
    { label: '字数上限', value: wordLimitsOf(p.formConfig.wordLimits), span: 'filled' },
    { label: '必传附件', value: tagsOf(p.formConfig.requiredAttachments.map((a) => ATTACHMENT_TYPE_LABELS[a])), span: 'filled' },
    { label: '排序', value: p.sort },
    { label: '备注', value: textOf(p.remark) },
    ...auditItems(p),
  ],
  tabs: (p: Prize): DetailTab[] => [
    {
      key: 'grades',
      label: '等级与名额',
      children: (
        <Table
          size="small"
          pagination={false}
          rowKey="grade"
          dataSource={p.grades}
          columns={[
            { title: '等级', dataIndex: 'grade', render: (g: keyof typeof PRIZE_GRADE_LABELS) => PRIZE_GRADE_LABELS[g] },
            { title: '授奖名额', dataIndex: 'quota', render: (q: number) => (q ? q : '未设') },
            { title: '主要完成人上限', dataIndex: 'maxPersons' },
            { title: '主要完成单位上限', dataIndex: 'maxUnits' },
          ]}
        />
      ),
    },
    {
      key: 'rubric',
      label: '评分指标',
      children: (
        <Table
          size="small"
          pagination={false}
          rowKey="name"
          dataSource={p.rubric}
          columns={[
            { title: '指标名称', dataIndex: 'name' },
            { title: '权重(%)', dataIndex: 'weight', width: 100 },
            { title: '满分', dataIndex: 'maxScore', width: 100 },
            { title: '评分说明', dataIndex: 'description', render: (d: string | null) => textOf(d) },
          ]}
        />
      ),
    },
  ],
};
