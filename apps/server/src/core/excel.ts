import ExcelJS from 'exceljs';
import type { FastifyReply } from 'fastify';

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

/** Bold, shaded header row that stays in view while scrolling. */
export function styleHeader(sheet: ExcelJS.Worksheet) {
  const header = sheet.getRow(1);
  header.font = { bold: true };
  header.fill = { type: 'pattern', pattern: 'solid', fgColor: { argb: 'FFE8F0FE' } };
  sheet.views = [{ state: 'frozen', ySplit: 1 }];
}

/** One sheet with Chinese headers, one row per record. */
export async function workbookOf<Row>(sheetName: string, columns: readonly SheetColumn<Row>[], rows: readonly Row[]): Promise<Buffer> {
  const book = new ExcelJS.Workbook();
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
