/** Each section of a declaration, read-only: description lists for single facts, tables for ranked entries. */
import type { ReactNode } from 'react';
import { Button, Descriptions, Space, Table, Tag } from 'antd';
import { PaperClipOutlined } from '@ant-design/icons';
import { maskIdNumber } from '@dandelion/shared/masking';
import {
  DECLARATION_CATEGORY_LABELS,
  IP_KIND_LABELS,
  SECRECY_LEVEL_LABELS,
  TASK_SOURCE_KIND_LABELS,
  type DeclarationContent,
} from '@dandelion/shared/award/declarationContent';
import { ATTACHMENT_TYPE_LABELS, PRIZE_GRADE_LABELS, type AttachmentType, type DeclarationSection } from '@dandelion/shared/award/prize';
import { downloadByFileId } from '../../api/download';
import { RichTextView } from '../RichTextView';
import { dateOf, EMPTY_VALUE, tagsOf, textOf } from '../detail';
import type { DeclarationDetail } from './api';

/** What a section needs besides its content: the declaration (names of its organisations, the prize's form). */
export interface SectionContext {
  declaration: DeclarationDetail;
  /** Show ID numbers whole (the print view of the applicant's own declaration); masked otherwise. */
  revealIdNumbers: boolean;
}

type Content<S extends DeclarationSection> = NonNullable<DeclarationContent[S]>;

const labelOf = (labels: Readonly<Record<string, string>>, code: string | null | undefined): ReactNode => (code ? (labels[code] ?? code) : EMPTY_VALUE);
const numberOf = (value: number | null | undefined): ReactNode => (value === null || value === undefined ? EMPTY_VALUE : value);
const rank = (_: unknown, __: unknown, index: number) => index + 1;
/** Entries have no id of their own: their rank is their key. */
const keyed = <T extends object>(entries: readonly T[]) => entries.map((entry, index) => ({ ...entry, key: index }));

/** A description list; the last item takes the rest of its row, so no row is left ragged. */
function facts(items: { label: string; value: ReactNode; span?: number | 'filled' }[]) {
  return (
    <Descriptions
      bordered
      size="small"
      column={{ xs: 1, sm: 1, md: 2, lg: 2, xl: 2, xxl: 2 }}
      styles={{ label: { width: 130, whiteSpace: 'nowrap' } }}
      items={items.map((item, index) => ({ key: item.label, label: item.label, span: index === items.length - 1 ? 'filled' : item.span, children: item.value ?? EMPTY_VALUE }))}
    />
  );
}

function basic(content: Content<'BASIC'>, { declaration }: SectionContext) {
  const period = content.startDate || content.endDate ? `${content.startDate ?? '—'} 至 ${content.endDate ?? '—'}` : EMPTY_VALUE;
  return facts([
    { label: '项目名称', value: textOf(content.title), span: 'filled' },
    { label: '推荐等级', value: labelOf(PRIZE_GRADE_LABELS, content.proposedGrade) },
    { label: '项目类别', value: labelOf(DECLARATION_CATEGORY_LABELS, content.category) },
    { label: '学科代码', value: tagsOf(content.disciplineCodes) },
    { label: '密级', value: labelOf(SECRECY_LEVEL_LABELS, content.secrecy) },
    { label: '关键词', value: tagsOf(content.keywords), span: 'filled' },
    {
      label: '任务来源',
      span: 'filled',
      value: content.taskSources?.length ? (
        <Space orientation="vertical" size={2}>
          {content.taskSources.map((source) => (
            <span key={`${source.kind}-${source.refId}`}>
              <Tag>{TASK_SOURCE_KIND_LABELS[source.kind]}</Tag>
              {source.name}
            </span>
          ))}
        </Space>
      ) : (
        EMPTY_VALUE
      ),
    },
    { label: '起止日期', value: period, span: 'filled' },
    { label: '申报单位', value: textOf(declaration.unitOrgName) },
    { label: '提名单位', value: textOf(declaration.nominatorOrgName) },
    { label: '联系人', value: textOf(content.contactName) },
    { label: '联系电话', value: textOf(content.contactPhone) },
    { label: '联系邮箱', value: textOf(content.contactEmail) },
  ]);
}

function completers(content: Content<'COMPLETERS'>, { revealIdNumbers }: SectionContext) {
  return (
    <Table
      size="small"
      bordered
      pagination={false}
      dataSource={keyed(content.completers)}
      scroll={{ x: 'max-content' }}
      columns={[
        { title: '排名', key: 'rank', width: 60, render: rank },
        { title: '姓名', dataIndex: 'name', render: textOf },
        { title: '证件号码', dataIndex: 'idNumber', render: (v: string | null | undefined) => textOf(revealIdNumbers ? v : maskIdNumber(v ?? null)) },
        { title: '职称', dataIndex: 'title', render: textOf },
        { title: '工作单位', dataIndex: 'unitName', render: textOf },
        { title: '手机号码', dataIndex: 'phone', render: textOf },
        { title: '邮箱', dataIndex: 'email', render: textOf },
        { title: '主要贡献', dataIndex: 'contribution', render: textOf },
      ]}
    />
  );
}

function units(content: Content<'UNITS'>) {
  return (
    <Table
      size="small"
      bordered
      pagination={false}
      dataSource={keyed(content.units)}
      columns={[
        { title: '排名', key: 'rank', width: 60, render: rank },
        { title: '单位名称', dataIndex: 'unitName', render: textOf },
        { title: '统一社会信用代码', dataIndex: 'creditCode', render: textOf },
        { title: '主要贡献', dataIndex: 'contribution', render: textOf },
      ]}
    />
  );
}

const rich = (html: string | null | undefined) => <RichTextView html={html} empty={EMPTY_VALUE} />;

function ip(content: Content<'IP'>) {
  return (
    <Table
      size="small"
      bordered
      pagination={false}
      dataSource={keyed(content.items)}
      columns={[
        { title: '序号', key: 'rank', width: 60, render: rank },
        { title: '类别', dataIndex: 'kind', render: (v: string | null | undefined) => labelOf(IP_KIND_LABELS, v) },
        { title: '名称', dataIndex: 'name', render: textOf },
        { title: '编号', dataIndex: 'number', render: textOf },
        { title: '国家（地区）', dataIndex: 'country', render: textOf },
        { title: '授权日期', dataIndex: 'grantDate', render: dateOf },
        { title: '权利人', dataIndex: 'holders', render: textOf },
      ]}
    />
  );
}

function papers(content: Content<'PAPERS'>) {
  return (
    <Table
      size="small"
      bordered
      pagination={false}
      dataSource={keyed(content.papers)}
      columns={[
        { title: '序号', key: 'rank', width: 60, render: rank },
        { title: '论文题目', dataIndex: 'title', render: textOf },
        { title: '刊物名称', dataIndex: 'journal', render: textOf },
        { title: '发表年份', dataIndex: 'year', render: numberOf },
        { title: '作者', dataIndex: 'authors', render: textOf },
        { title: '他引次数', dataIndex: 'citations', render: numberOf },
      ]}
    />
  );
}

function economic(content: Content<'ECONOMIC'>) {
  return (
    <Space orientation="vertical" style={{ width: '100%' }}>
      <Table
        size="small"
        bordered
        pagination={false}
        rowKey="year"
        dataSource={content.years}
        columns={[
          { title: '年份', dataIndex: 'year' },
          { title: '新增销售额（万元）', dataIndex: 'sales', render: numberOf },
          { title: '新增利润（万元）', dataIndex: 'profit', render: numberOf },
          { title: '新增税收（万元）', dataIndex: 'tax', render: numberOf },
          { title: '创收外汇（万元）', dataIndex: 'foreignExchange', render: numberOf },
          { title: '节支总额（万元）', dataIndex: 'savings', render: numberOf },
        ]}
      />
      {facts([{ label: '计算依据', value: content.basis?.trim() ? <div style={{ whiteSpace: 'pre-wrap' }}>{content.basis}</div> : EMPTY_VALUE }])}
    </Space>
  );
}

function attachments(content: Content<'ATTACHMENTS'> | null, { declaration }: SectionContext) {
  const files = content?.attachments ?? [];
  const types = [...new Set<AttachmentType>([...declaration.formConfig.requiredAttachments, ...files.map((f) => f.type)])];
  return facts(
    types.map((type) => {
      const ofType = files.filter((f) => f.type === type);
      const required = declaration.formConfig.requiredAttachments.includes(type);
      return {
        label: ATTACHMENT_TYPE_LABELS[type],
        span: 'filled',
        value: ofType.length ? (
          <Space orientation="vertical" size={0}>
            {ofType.map((file) => (
              <Button key={file.fileId} type="link" icon={<PaperClipOutlined />} style={{ paddingInline: 0 }} onClick={() => downloadByFileId(file.fileId, file.fileName)}>
                {file.fileName}
              </Button>
            ))}
          </Space>
        ) : required ? (
          <Tag color="error">必传，未上传</Tag>
        ) : (
          EMPTY_VALUE
        ),
      };
    }),
  );
}

/** The section's body; null content means the applicant never saved it. */
export function renderSection(section: DeclarationSection, context: SectionContext): ReactNode {
  const { content } = context.declaration;
  if (section === 'ATTACHMENTS') return attachments(content.ATTACHMENTS, context);
  const empty = <span style={{ color: 'rgba(0,0,0,0.45)' }}>未填写</span>;
  switch (section) {
    case 'BASIC':
      return content.BASIC ? basic(content.BASIC, context) : empty;
    case 'COMPLETERS':
      return content.COMPLETERS?.completers.length ? completers(content.COMPLETERS, context) : empty;
    case 'UNITS':
      return content.UNITS?.units.length ? units(content.UNITS) : empty;
    case 'SUMMARY':
      return rich(content.SUMMARY?.summary);
    case 'INNOVATIONS':
      return rich(content.INNOVATIONS?.innovations);
    case 'IP':
      return content.IP?.items.length ? ip(content.IP) : empty;
    case 'PAPERS':
      return content.PAPERS?.papers.length ? papers(content.PAPERS) : empty;
    case 'APPLICATION':
      return rich(content.APPLICATION?.application);
    case 'ECONOMIC':
      return content.ECONOMIC ? economic(content.ECONOMIC) : empty;
    case 'SOCIAL':
      return rich(content.SOCIAL?.social);
  }
}
