import { useEffect } from 'react';
import { Link, useParams } from 'react-router';
import { Button, Result, Skeleton } from 'antd';
import { PrinterOutlined } from '@ant-design/icons';
import { DECLARATION_STATUS_LABELS } from '@dandelion/shared/award/declaration';
import { DECLARATION_SECTION_LABELS } from '@dandelion/shared/award/prize';
import { errorMessage } from '../../../api/http';
import { beijingToday, sectionsOf, useDeclaration } from '../api';
import { PrintSection } from './PrintSections';
import './print.css';

/** Room for a handwritten date (ideographic spaces). */
const DATE_BLANK = '年\u3000\u3000月\u3000\u3000日';

const CHINESE_NUMERALS = ['一', '二', '三', '四', '五', '六', '七', '八', '九', '十', '十一', '十二'];

/**
 * /declare/print/:declarationId — the declaration on A4 for signatures and seals: title, 登记号 and
 * status, every section of the prize's form in order as bordered tables, the signature block. It
 * stands outside the portal layout (nothing but the declaration is printed), and once loaded it
 * needs no network (no editor, no lazy parts).
 */
export default function DeclarationPrintPage() {
  const { declarationId = '' } = useParams();
  const detail = useDeclaration(declarationId);
  const d = detail.data;
  const title = d ? `${d.editionName} ${d.prizeName} 申报书` : '打印申报书';

  useEffect(() => {
    document.title = title;
  }, [title]);

  if (detail.isPending) return <Skeleton active className="dl-print-loading" />;
  if (detail.isError || !d) {
    return <Result status="404" title="申报书不存在或无权查看" subTitle={errorMessage(detail.error)} extra={<Link to="/center">返回我的申报</Link>} />;
  }
  return (
    <div className="dl-print-page">
      <div className="dl-print-toolbar">
        <Link to="/center">返回我的申报</Link>
        <Button type="primary" icon={<PrinterOutlined />} onClick={() => window.print()}>
          打印
        </Button>
      </div>
      <article className="dl-print" aria-label={title}>
        <header className="dl-print__head">
          <h1>{title}</h1>
          <dl className="dl-print__meta">
            <div>
              <dt>登记号</dt>
              <dd>{d.registrationNo ?? '（提交后生成）'}</dd>
            </div>
            <div>
              <dt>状态</dt>
              <dd>{DECLARATION_STATUS_LABELS[d.status]}</dd>
            </div>
            <div>
              <dt>打印日期</dt>
              <dd>{beijingToday()}</dd>
            </div>
          </dl>
        </header>
        {sectionsOf(d).map((section, i) => (
          <section key={section} className="dl-print__section">
            <h2>
              {CHINESE_NUMERALS[i] ?? i + 1}、{DECLARATION_SECTION_LABELS[section]}
            </h2>
            <PrintSection section={section} declaration={d} />
          </section>
        ))}
        <section className="dl-print__section dl-print__signatures" aria-label="签字盖章">
          <h2>{CHINESE_NUMERALS[sectionsOf(d).length] ?? sectionsOf(d).length + 1}、声明与签章</h2>
          <p className="dl-print__pledge">本人（单位）承诺：申报材料内容真实、准确，不存在知识产权争议；如有不实，愿承担相应责任。</p>
          <table className="dl-print-table dl-print-table--signatures">
            <tbody>
              <tr>
                <th scope="row">申报人签字</th>
                <td />
                <th scope="row">日期</th>
                <td className="dl-print__date">{DATE_BLANK}</td>
              </tr>
              <tr>
                <th scope="row">申报单位盖章</th>
                <td />
                <th scope="row">日期</th>
                <td className="dl-print__date">{DATE_BLANK}</td>
              </tr>
              {d.nominatorOrgName ? (
                <tr>
                  <th scope="row">提名单位盖章</th>
                  <td />
                  <th scope="row">日期</th>
                  <td className="dl-print__date">{DATE_BLANK}</td>
                </tr>
              ) : null}
            </tbody>
          </table>
        </section>
      </article>
    </div>
  );
}
