/** How a detail view shows values: — for nothing, labels as tags, China time, files as links. */
import type { ReactNode } from 'react';
import { Space, Tag } from 'antd';
import { RECORD_STATUS_LABELS } from '@dandelion/shared';
import { formatDate, formatDateTimeSeconds } from '../../lib/date';
import { RichTextView } from '../RichTextView';
import { DictLabel } from '../DictSelect';

/** What an empty value shows. */
export const EMPTY_VALUE = '—';

/** A plain value; — when null, undefined or blank. */
export function textOf(value: string | number | null | undefined): ReactNode {
  if (value === null || value === undefined) return EMPTY_VALUE;
  const text = String(value);
  return text.trim() ? text : EMPTY_VALUE;
}

/** 'YYYY-MM-DD HH:mm:ss' in Asia/Shanghai; — when missing. */
export const dateTimeOf = (iso: string | null | undefined): ReactNode => formatDateTimeSeconds(iso) || EMPTY_VALUE;

/** 'YYYY-MM-DD' in Asia/Shanghai (or a plain YYYY-MM-DD date as is); — when missing. */
export function dateOf(value: string | null | undefined): ReactNode {
  if (!value) return EMPTY_VALUE;
  return /^\d{4}-\d{2}-\d{2}$/.test(value) ? value : formatDate(value) || EMPTY_VALUE;
}

/** A code as its label in a tag; colours by code when given. Unknown codes show as they are. */
export function labelTag(labels: Readonly<Record<string, string>>, code: string | number | null | undefined, colors?: Readonly<Record<string, string>>): ReactNode {
  if (code === null || code === undefined || code === '') return EMPTY_VALUE;
  const key = String(code);
  return <Tag color={colors?.[key]}>{labels[key] ?? key}</Tag>;
}

/** 正常 / 停用 of an administration record. */
export const statusTag = (status: string | null | undefined) => labelTag(RECORD_STATUS_LABELS, status, { NORMAL: 'success', DISABLED: 'default' });

/** 是 / 否. */
export const yesNo = (value: boolean | null | undefined): ReactNode => (value === null || value === undefined ? EMPTY_VALUE : value ? '是' : '否');

/** Several labels as tags (roles, posts); — when none. */
export function tagsOf(labels: readonly string[] | null | undefined): ReactNode {
  if (!labels?.length) return EMPTY_VALUE;
  return (
    <Space size={[4, 4]} wrap>
      {labels.map((label, index) => (
        <Tag key={`${index}-${label}`}>{label}</Tag>
      ))}
    </Space>
  );
}

/** Stored files as download links (images open in a new tab); — when none. */
export function filesOf(files: readonly { fileId: string; filename: string; url?: string }[] | null | undefined): ReactNode {
  if (!files?.length) return EMPTY_VALUE;
  return (
    <Space orientation="vertical" size={2}>
      {files.map((file) =>
        file.url ? (
          <a key={file.fileId} href={file.url} target="_blank" rel="noreferrer">
            {file.filename}
          </a>
        ) : (
          <span key={file.fileId}>{file.filename}</span>
        ),
      )}
    </Space>
  );
}

/** Rich text, sanitised by RichTextView; — when empty. */
export const richTextOf = (html: string | null | undefined): ReactNode => <RichTextView html={html} empty={EMPTY_VALUE} />;

/** Multi-line plain text kept as typed. */
export function multilineOf(text: string | null | undefined): ReactNode {
  if (!text?.trim()) return EMPTY_VALUE;
  return <div style={{ whiteSpace: 'pre-wrap', wordBreak: 'break-word' }}>{text}</div>;
}

/** 创建人, 创建时间, 更新人, 更新时间: the record fields every administration record answers. */
export function auditItems(record: { createBy?: string | null; createTime?: string | null; updateBy?: string | null; updateTime?: string | null }) {
  return [
    { label: '创建人', value: textOf(record.createBy) },
    { label: '创建时间', value: dateTimeOf(record.createTime) },
    { label: '更新人', value: textOf(record.updateBy) },
    { label: '更新时间', value: dateTimeOf(record.updateTime) },
  ];
}

/** A dictionary code as its label (the dictionary's wording) in a tag; — when none. */
export function dictTag(category: string, code: string | number | null | undefined): ReactNode {
  if (code === null || code === undefined || code === '') return EMPTY_VALUE;
  return (
    <Tag>
      <DictLabel category={category} code={String(code)} />
    </Tag>
  );
}
