import { FONT_MISSING_MESSAGE } from '@dandelion/shared/award/awarding';
import { PRIZE_GRADE_LABELS } from '@dandelion/shared/award/prize';
import fs from 'node:fs';
import { errors } from '../../../core/errors';
import type { CertificateFont } from './deps';
import type { HonourRow } from './repo';

/** Noto Serif CJK from Debian's fonts-noto-cjk; CERTIFICATE_FONT / CERTIFICATE_FONT_FAMILY change it. */
export const DEFAULT_CERTIFICATE_FONT: CertificateFont = { path: '/usr/share/fonts/opentype/noto/NotoSerifCJK-Regular.ttc', family: 'NotoSerifCJKsc-Regular' };

export interface CertificateContent {
  honour: Pick<HonourRow, 'registrationNo' | 'certificateNo' | 'grade' | 'title' | 'completers' | 'units' | 'createTime'>;
  editionName: string;
  prizeName: string;
}

// A font file is read once per path: a CJK collection is some 20 MB and every certificate needs it.
const fontFiles = new Map<string, Buffer>();

function fontOf(font: CertificateFont): Buffer {
  const cached = fontFiles.get(font.path);
  if (cached) return cached;
  let file: Buffer;
  try {
    file = fs.readFileSync(font.path);
  } catch {
    throw errors.unavailable(FONT_MISSING_MESSAGE);
  }
  fontFiles.set(font.path, file);
  return file;
}

/** A Beijing date as a certificate writes it: 2026年11月26日. */
function chineseDate(at: Date): string {
  const [y, m, d] = new Date(at.getTime() + 8 * 3600_000).toISOString().slice(0, 10).split('-').map(Number);
  return `${y}年${m}月${d}日`;
}

/**
 * One certificate as a PDF: A4 landscape, the Chinese font embedded (subset), with the registration and
 * certificate numbers, the grade, the project, completers and units in rank order, the edition and the
 * closing date. A missing or unreadable font is a 503 with the reason, never a crash.
 */
export async function renderCertificate(content: CertificateContent, font: CertificateFont): Promise<Buffer> {
  const fontFile = fontOf(font);
  // pdfkit and its font engine are loaded with the first certificate, not at start (docs/embedded-memory.md).
  const { default: PDFDocument } = await import('pdfkit');
  const doc = new PDFDocument({ size: 'A4', layout: 'landscape', margin: 0, info: { Title: `${content.prizeName}证书 ${content.honour.certificateNo ?? ''}`, Author: content.editionName } });
  try {
    doc.registerFont('cjk', fontFile, /\.(ttc|otc)$/i.test(font.path) ? font.family : undefined);
    doc.font('cjk');
  } catch {
    throw errors.unavailable(FONT_MISSING_MESSAGE);
  }
  const chunks: Buffer[] = [];
  doc.on('data', (chunk: Buffer) => chunks.push(chunk));
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });

  const { width, height } = doc.page;
  const red = '#9b1c1c';
  const gold = '#b8860b';
  // A double frame, as paper certificates have.
  doc.lineWidth(6).strokeColor(red).rect(24, 24, width - 48, height - 48).stroke();
  doc.lineWidth(1.5).strokeColor(gold).rect(38, 38, width - 76, height - 76).stroke();

  const h = content.honour;
  const left = 90;
  const inner = width - 2 * left;
  doc.fillColor(red).fontSize(40).text(`「${content.prizeName}」证书`, left, 70, { width: inner, align: 'center', characterSpacing: 6 });
  doc.fillColor('#333333').fontSize(12).text(`证书编号：${h.certificateNo ?? ''}        登记号：${h.registrationNo ?? ''}`, left, 132, { width: inner, align: 'center' });

  doc.fillColor('#111111').fontSize(18);
  doc.text(`为表彰在科学技术工作中作出突出贡献者，特颁发${content.prizeName}${h.grade ? PRIZE_GRADE_LABELS[h.grade] : ''}，以资鼓励。`, left, 178, { width: inner, align: 'left', lineGap: 6 });

  const row = (label: string, value: string, size = 15) => {
    doc.fontSize(size).fillColor(red).text(`${label}：`, left, doc.y + 12, { continued: true }).fillColor('#111111').text(value, { width: inner, lineGap: 4 });
  };
  row('项目名称', h.title ?? '');
  row('奖励等级', h.grade ? PRIZE_GRADE_LABELS[h.grade] : '');
  row('完成人', h.completers.join('、'), h.completers.length > 15 ? 12 : 15);
  row('完成单位', h.units.join('、'), h.units.length > 8 ? 12 : 15);

  doc.fontSize(16).fillColor('#111111');
  doc.text(content.editionName, left, height - 150, { width: inner, align: 'right' });
  doc.text(chineseDate(h.createTime), left, height - 120, { width: inner, align: 'right' });
  doc.end();
  return done;
}
