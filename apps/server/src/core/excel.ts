import type ExcelJS from 'exceljs';
import type { FastifyReply } from 'fastify';
import { errors } from './errors';

/** The most rows one export writes; lists are filtered down before exporting. */
export const MAX_EXPORT_ROWS = 10_000;
export const XLSX_MIME = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

export interface SheetColumn<Row> {
  header: string;
  width: number;
  value: (row: Row) => string | number | null | undefined;
}

/** Content-Disposition with an ASCII fallback and the Chinese name per RFC 5987 (filename*=UTF-8''…). */
export function attachmentHeader(fileName: string, asciiFallback: string): string {
  return `attachment; filename="${asciiFallback}"; filename*=UTF-8''${encodeURIComponent(fileName)}`;
}

/** A time as the console shows it: Beijing time, to the second. */
export function beijingTime(value: Date | null | undefined): string {
  if (!value) return '';
  return new Date(value.getTime() + 8 * 3600_000).toISOString().slice(0, 19).replace('T', ' ');
}

/**
 * A new workbook. exceljs is loaded on the first export or import, not at start: it is some 7 MB of
 * heap and 20 MB resident that a server which never exports would carry for nothing
 * (docs/embedded-memory.md).
 */
export async function newWorkbook(): Promise<ExcelJS.Workbook> {
  const { default: excel } = await import('exceljs');
  return new excel.Workbook();
}

/** Bold, shaded header row that stays in view while scrolling. */
export function styleHeader(sheet: ExcelJS.Worksheet) {
  const header = sheet.getRow(1);
  header.font = { bold: true };
  header.fill = { type: 'pattern', pattern: 'solid', fgColor: { argb: 'FFE8F0FE' } };
  sheet.views = [{ state: 'frozen', ySplit: 1 }];
}

/** One sheet with Chinese headers, one row per record. */
export async function workbookOf<Row>(sheetName: string, columns: readonly SheetColumn<Row>[], rows: readonly Row[]): Promise<Buffer> {
  const book = await newWorkbook();
  const sheet = book.addWorksheet(sheetName);
  sheet.columns = columns.map((c, i) => ({ header: c.header, key: `c${i}`, width: c.width }));
  for (const row of rows) sheet.addRow(Object.fromEntries(columns.map((c, i) => [`c${i}`, c.value(row) ?? ''])));
  styleHeader(sheet);
  return Buffer.from(await book.xlsx.writeBuffer());
}

/** Sends a workbook as a download named `<name>_<yyyymmdd>.xlsx` (ASCII fallback `<ascii>_<yyyymmdd>.xlsx`). */
export function sendWorkbook(reply: FastifyReply, name: string, ascii: string, file: Buffer) {
  const stamp = new Date(Date.now() + 8 * 3600_000).toISOString().slice(0, 10).replace(/-/g, '');
  return reply.header('content-type', XLSX_MIME).header('content-disposition', attachmentHeader(`${name}_${stamp}.xlsx`, `${ascii}_${stamp}.xlsx`)).send(file);
}

/** A column an import reads: its key and its header in the template (a trailing * marks it required). */
export interface ImportColumn<Key extends string> {
  key: Key;
  header: string;
}

/** A cell as trimmed text: rich text, hyperlinks (e-mails), formulas and dates all become plain strings. */
export function cellText(value: ExcelJS.CellValue): string {
  if (value === null || value === undefined) return '';
  if (value instanceof Date) return value.toISOString().slice(0, 10);
  if (typeof value === 'object') {
    if ('richText' in value) return value.richText.map((t) => t.text).join('').trim();
    if ('text' in value) return cellText(value.text as ExcelJS.CellValue);
    if ('result' in value) return cellText(value.result as ExcelJS.CellValue);
    return '';
  }
  return String(value).trim();
}

/** An import column's header without its required mark. */
export const importLabel = (column: ImportColumn<string>) => column.header.replace('*', '');

/**
 * The rows of an uploaded template's first sheet as text by column key, with their sheet row
 * numbers; columns are found by header (any order), blank rows skipped. A file that is not an
 * .xlsx, has no sheet or lacks a required column is refused with the reason.
 */
export async function readImportRows<Key extends string>(buffer: Buffer, columns: readonly ImportColumn<Key>[]): Promise<Array<{ row: number } & Record<Key, string>>> {
  const book = await newWorkbook();
  try {
    await book.xlsx.load(buffer as unknown as ExcelJS.Buffer);
  } catch {
    throw errors.badRequest('文件不是有效的 Excel（.xlsx）文件');
  }
  const sheet = book.worksheets[0];
  if (!sheet) throw errors.badRequest('文件中没有工作表');
  const headers = new Map<string, number>();
  sheet.getRow(1).eachCell((cell, col) => headers.set(cellText(cell.value).replace('*', ''), col));
  const missing = columns.filter((c) => c.header.endsWith('*') && !headers.has(importLabel(c)));
  if (missing.length) throw errors.badRequest(`文件缺少必需的列：${missing.map(importLabel).join('、')}，请使用导入模板`);
  const rows: Array<{ row: number } & Record<Key, string>> = [];
  for (let r = 2; r <= sheet.rowCount; r++) {
    const excelRow = sheet.getRow(r);
    const parsed = { row: r } as { row: number } & Record<Key, string>;
    for (const c of columns) {
      const col = headers.get(importLabel(c));
      parsed[c.key] = (col ? cellText(excelRow.getCell(col).value) : '') as never;
    }
    if (columns.some((c) => parsed[c.key] !== '')) rows.push(parsed);
  }
  return rows;
}
