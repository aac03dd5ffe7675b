import ExcelJS from 'exceljs';
import type { DandelionApp } from '../../src/app';

/** POSTs a JSON body and answers the raw reply (a file download, not an envelope). */
export function download(app: DandelionApp, url: string, body: unknown, headers: Record<string, string>) {
  return app.inject({ method: 'POST', url, headers: { ...headers, 'content-type': 'application/json' }, payload: JSON.stringify(body) });
}

/** The first sheet of an .xlsx file as rows of cell texts, header row first. */
export async function sheetRows(payload: Buffer): Promise<string[][]> {
  const book = new ExcelJS.Workbook();
  await book.xlsx.load(payload as unknown as ExcelJS.Buffer);
  const rows: string[][] = [];
  book.worksheets[0]!.eachRow((row) => rows.push((row.values as unknown[]).slice(1).map((v) => String(v ?? ''))));
  return rows;
}
