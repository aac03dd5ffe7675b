import { Link } from 'react-router';
import { PortalEmpty } from '../shared/light';
import { PaperClipOutlined } from '@ant-design/icons';
import { RichTextView } from '../../components/RichTextView';
import { formatDateTime } from '../../lib/date';
import type { ContentAttachment } from '../contentApi';
import './content-detail.css';

/** Where a neighbour leads: a portal path, or an outside address opening in a new tab. */
export interface NeighbourLink {
  title: string;
  to: string;
  external?: boolean;
}

export interface ArticleView {
  title: string;
  subject?: string | null;
  source?: string | null;
  author?: string | null;
  publishTime: string;
  viewCount?: number | null;
  body: string | null;
  attachments: readonly ContentAttachment[];
  prev?: NeighbourLink | null;
  next?: NeighbourLink | null;
}

const KB = 1024;
function fileSize(bytes: number): string {
  if (bytes < KB) return `${bytes} B`;
  if (bytes < KB * KB) return `${(bytes / KB).toFixed(1)} KB`;
  return `${(bytes / KB / KB).toFixed(1)} MB`;
}

function Neighbour({ label, link }: { label: string; link: NeighbourLink | null | undefined }) {
  return (
    <p className="dl-article__neighbour">
      <span>{label}：</span>
      {!link ? (
        <span className="dl-article__none">没有了</span>
      ) : link.external ? (
        <a href={link.to} target="_blank" rel="noopener noreferrer">
          {link.title}
        </a>
      ) : (
        <Link to={link.to}>{link.title}</Link>
      )}
    </p>
  );
}

/** The content-detail widget: title, meta line, body, attachments with download links, previous / next. */
export function ContentDetail({ article, showNeighbours = true }: { article: ArticleView; showNeighbours?: boolean }) {
  const meta = [
    article.source && `来源：${article.source}`,
    article.author && `作者：${article.author}`,
    `发布时间：${formatDateTime(article.publishTime)}`,
    article.viewCount != null && `浏览：${article.viewCount}`,
  ].filter((m): m is string => !!m);

  return (
    <article className="dl-article">
      <header className="dl-article__header">
        <h1 className="dl-article__title">{article.title}</h1>
        {article.subject && <p className="dl-article__subject">{article.subject}</p>}
        <p className="dl-article__meta">
          {meta.map((m) => (
            <span key={m}>{m}</span>
          ))}
        </p>
      </header>
      <RichTextView html={article.body} className="dl-article__body" empty={<PortalEmpty description="暂无正文" />} />
      {article.attachments.length > 0 && (
        <section className="dl-article__attachments" aria-labelledby="dl-article-attachments">
          <h2 id="dl-article-attachments">附件</h2>
          <ul>
            {article.attachments.map((file) => (
              <li key={file.fileId}>
                <PaperClipOutlined aria-hidden />
                <a href={file.url} download={file.filename}>
                  {file.filename}
                </a>
                <span className="dl-article__size">（{fileSize(file.size)}）</span>
              </li>
            ))}
          </ul>
        </section>
      )}
      {showNeighbours && (
        <>
          <hr className="dl-divider" />
          <nav className="dl-article__neighbours" aria-label="上一篇和下一篇">
            <Neighbour label="上一篇" link={article.prev} />
            <Neighbour label="下一篇" link={article.next} />
          </nav>
        </>
      )}
    </article>
  );
}
