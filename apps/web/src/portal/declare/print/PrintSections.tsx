import type { ReactNode } from 'react';
import {
  DECLARATION_CATEGORY_LABELS,
  IP_KIND_LABELS,
  SECRECY_LEVEL_LABELS,
  TASK_SOURCE_KIND_LABELS,
  type DeclarationContent,
} from '@dandelion/shared/award/declarationContent';
import { ATTACHMENT_TYPE_LABELS, PRIZE_GRADE_LABELS, type DeclarationSection } from '@dandelion/shared/award/prize';
import { RichTextView } from '../../../components/RichTextView';
import type { Declaration } from '../api';
import { ECONOMIC_COLUMNS } from '../form/sections/EconomicFields';

const dash = (value: ReactNode) => (value === null || value === undefined || value === '' ? '—' : value);

/** A two-column table of label and value, two pairs a row. */
function PairTable({ pairs }: { pairs: [string, ReactNode][] }) {
  const rows: [string, ReactNode][][] = [];
  for (let i = 0; i < pairs.length; i += 2) rows.push(pairs.slice(i, i + 2));
  return (
    <table className="dl-print-table">
      <tbody>
        {rows.map((row) => (
          <tr key={row[0]![0]}>
            {row.map(([label, value], i) => (
              <PairCells key={label} label={label} value={value} wide={row.length === 1 && i === 0} />
            ))}
          </tr>
        ))}
      </tbody>
    </table>
  );
}

function PairCells({ label, value, wide }: { label: string; value: ReactNode; wide: boolean }) {
  return (
    <>
      <th scope="row">{label}</th>
      <td colSpan={wide ? 3 : 1}>{dash(value)}</td>
    </>
  );
}

function Basic({ declaration }: { declaration: Declaration }) {
  const b = declaration.content.BASIC ?? {};
  return (
    <PairTable
      pairs={[
        ['项目名称', b.title],
        ['推荐等级', b.proposedGrade ? PRIZE_GRADE_LABELS[b.proposedGrade] : null],
        ['学科代码', b.disciplineCodes?.join('、')],
        ['项目类别', b.category ? DECLARATION_CATEGORY_LABELS[b.category] : null],
        ['密级', b.secrecy ? SECRECY_LEVEL_LABELS[b.secrecy] : null],
        ['关键词', b.keywords?.join('、')],
        ['项目起始日期', b.startDate],
        ['项目完成日期', b.endDate],
        ['申报单位', declaration.unitOrgName],
        ['提名单位', declaration.nominatorOrgName],
        ['联系人', b.contactName],
        ['联系电话', b.contactPhone],
        ['联系邮箱', b.contactEmail],
        ['任务来源', b.taskSources?.length ? b.taskSources.map((t) => `${TASK_SOURCE_KIND_LABELS[t.kind]}：${t.name}`).join('；') : null],
      ]}
    />
  );
}

function Completers({ content }: { content: DeclarationContent }) {
  const list = content.COMPLETERS?.completers ?? [];
  return (
    <table className="dl-print-table">
      <thead>
        <tr>
          <th>排名</th>
          <th>姓名</th>
          <th>证件号码</th>
          <th>职称</th>
          <th>工作单位</th>
          <th>手机号码</th>
          <th>邮箱</th>
        </tr>
      </thead>
      <tbody>
        {list.length === 0 ? <EmptyRow span={7} /> : null}
        {list.flatMap((p, i) => [
          <tr key={`p${i}`}>
            <td>第{i + 1}完成人</td>
            <td>{dash(p.name)}</td>
            <td>{dash(p.idNumber)}</td>
            <td>{dash(p.title)}</td>
            <td>{dash(p.unitName)}</td>
            <td>{dash(p.phone)}</td>
            <td>{dash(p.email)}</td>
          </tr>,
          <tr key={`c${i}`} className="dl-print-table__detail">
            <th scope="row">主要贡献</th>
            <td colSpan={6}>{dash(p.contribution)}</td>
          </tr>,
        ])}
      </tbody>
    </table>
  );
}

function Units({ content }: { content: DeclarationContent }) {
  const list = content.UNITS?.units ?? [];
  return (
    <table className="dl-print-table">
      <thead>
        <tr>
          <th>排名</th>
          <th>单位名称</th>
          <th>统一社会信用代码</th>
          <th>主要贡献</th>
        </tr>
      </thead>
      <tbody>
        {list.length === 0 ? <EmptyRow span={4} /> : null}
        {list.map((u, i) => (
          <tr key={i}>
            <td>第{i + 1}完成单位</td>
            <td>{dash(u.unitName)}</td>
            <td>{dash(u.creditCode)}</td>
            <td>{dash(u.contribution)}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

function EmptyRow({ span }: { span: number }) {
  return (
    <tr>
      <td colSpan={span} className="dl-print-table__empty">
        未填写
      </td>
    </tr>
  );
}

function RichBox({ html }: { html: string | null | undefined }) {
  return (
    <div className="dl-print-box">
      <RichTextView html={html} empty="未填写" />
    </div>
  );
}

function Ip({ content }: { content: DeclarationContent }) {
  const list = content.IP?.items ?? [];
  return (
    <table className="dl-print-table">
      <thead>
        <tr>
          <th>序号</th>
          <th>类别</th>
          <th>名称</th>
          <th>编号</th>
          <th>国家（地区）</th>
          <th>授权日期</th>
          <th>权利人</th>
        </tr>
      </thead>
      <tbody>
        {list.length === 0 ? <EmptyRow span={7} /> : null}
        {list.map((item, i) => (
          <tr key={i}>
            <td>{i + 1}</td>
            <td>{item.kind ? IP_KIND_LABELS[item.kind] : '—'}</td>
            <td>{dash(item.name)}</td>
            <td>{dash(item.number)}</td>
            <td>{dash(item.country)}</td>
            <td>{dash(item.grantDate)}</td>
            <td>{dash(item.holders)}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

function Papers({ content }: { content: DeclarationContent }) {
  const list = content.PAPERS?.papers ?? [];
  return (
    <table className="dl-print-table">
      <thead>
        <tr>
          <th>序号</th>
          <th>论文题目</th>
          <th>刊物名称</th>
          <th>发表年份</th>
          <th>作者</th>
          <th>他引次数</th>
        </tr>
      </thead>
      <tbody>
        {list.length === 0 ? <EmptyRow span={6} /> : null}
        {list.map((p, i) => (
          <tr key={i}>
            <td>{i + 1}</td>
            <td>{dash(p.title)}</td>
            <td>{dash(p.journal)}</td>
            <td>{dash(p.year)}</td>
            <td>{dash(p.authors)}</td>
            <td>{dash(p.citations)}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

const amount = (value: number | null | undefined) => (typeof value === 'number' ? value.toFixed(2) : '—');

function Economic({ content }: { content: DeclarationContent }) {
  const years = [...(content.ECONOMIC?.years ?? [])].sort((a, b) => a.year - b.year);
  const total = (key: (typeof ECONOMIC_COLUMNS)[number]['key']) => years.reduce((sum, y) => sum + (y[key] ?? 0), 0);
  return (
    <>
      <table className="dl-print-table">
        <caption>单位：万元</caption>
        <thead>
          <tr>
            <th>年份</th>
            {ECONOMIC_COLUMNS.map((c) => (
              <th key={c.key}>{c.label}</th>
            ))}
          </tr>
        </thead>
        <tbody>
          {years.length === 0 ? <EmptyRow span={ECONOMIC_COLUMNS.length + 1} /> : null}
          {years.map((y) => (
            <tr key={y.year}>
              <td>{y.year}</td>
              {ECONOMIC_COLUMNS.map((c) => (
                <td key={c.key} className="dl-print-table__number">
                  {amount(y[c.key])}
                </td>
              ))}
            </tr>
          ))}
          {years.length > 0 ? (
            <tr className="dl-print-table__total">
              <th scope="row">合计</th>
              {ECONOMIC_COLUMNS.map((c) => (
                <td key={c.key} className="dl-print-table__number">
                  {amount(total(c.key))}
                </td>
              ))}
            </tr>
          ) : null}
        </tbody>
      </table>
      <PairTable pairs={[['计算依据', content.ECONOMIC?.basis]]} />
    </>
  );
}

function Attachments({ content }: { content: DeclarationContent }) {
  const list = content.ATTACHMENTS?.attachments ?? [];
  return (
    <table className="dl-print-table">
      <thead>
        <tr>
          <th>序号</th>
          <th>附件类型</th>
          <th>文件名</th>
        </tr>
      </thead>
      <tbody>
        {list.length === 0 ? <EmptyRow span={3} /> : null}
        {list.map((a, i) => (
          <tr key={a.fileId}>
            <td>{i + 1}</td>
            <td>{ATTACHMENT_TYPE_LABELS[a.type]}</td>
            <td>{a.fileName}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

/** One section of the printed declaration, as bordered tables (rich text in a bordered box). */
export function PrintSection({ section, declaration }: { section: DeclarationSection; declaration: Declaration }) {
  const content = declaration.content;
  switch (section) {
    case 'BASIC':
      return <Basic declaration={declaration} />;
    case 'COMPLETERS':
      return <Completers content={content} />;
    case 'UNITS':
      return <Units content={content} />;
    case 'SUMMARY':
      return <RichBox html={content.SUMMARY?.summary} />;
    case 'INNOVATIONS':
      return <RichBox html={content.INNOVATIONS?.innovations} />;
    case 'APPLICATION':
      return <RichBox html={content.APPLICATION?.application} />;
    case 'SOCIAL':
      return <RichBox html={content.SOCIAL?.social} />;
    case 'IP':
      return <Ip content={content} />;
    case 'PAPERS':
      return <Papers content={content} />;
    case 'ECONOMIC':
      return <Economic content={content} />;
    case 'ATTACHMENTS':
      return <Attachments content={content} />;
  }
}
