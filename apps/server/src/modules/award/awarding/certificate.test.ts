import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AppError } from '../../../core/errors';
import { sysMsg } from '../../message/msg/tables';
import { DEFAULT_CERTIFICATE_FONT, renderCertificate } from './certificate';
import { createAwardingWorld, declarationIn, editionAfterPublicity, type AwardingWorld } from './awardingTestKit';
import { awardHonour } from './tables';

/** The non-white share of an 8-bit greyscale, RGB or RGBA PNG (what pdftoppm writes), decoded with zlib alone. */
function inkShare(png: Buffer): number {
  expect(png.subarray(1, 4).toString()).toBe('PNG');
  let offset = 8;
  let width = 0;
  let height = 0;
  let channels = 0;
  const idat: Buffer[] = [];
  while (offset < png.length) {
    const length = png.readUInt32BE(offset);
    const type = png.subarray(offset + 4, offset + 8).toString();
    const data = png.subarray(offset + 8, offset + 8 + length);
    if (type === 'IHDR') {
      width = data.readUInt32BE(0);
      height = data.readUInt32BE(4);
      expect(data[8]).toBe(8);
      channels = ({ 0: 1, 2: 3, 6: 4 } as Record<number, number>)[data[9]!]!;
      expect(data[12]).toBe(0); // not interlaced
    } else if (type === 'IDAT') idat.push(data);
    offset += 12 + length;
  }
  const raw = zlib.inflateSync(Buffer.concat(idat));
  const stride = width * channels;
  const pixels = Buffer.alloc(stride * height);
  for (let y = 0; y < height; y++) {
    const filter = raw[y * (stride + 1)]!;
    for (let x = 0; x < stride; x++) {
      const value = raw[y * (stride + 1) + 1 + x]!;
      const a = x >= channels ? pixels[y * stride + x - channels]! : 0;
      const b = y > 0 ? pixels[(y - 1) * stride + x]! : 0;
      const c = x >= channels && y > 0 ? pixels[(y - 1) * stride + x - channels]! : 0;
      const paeth = () => {
        const p = a + b - c;
        const [pa, pb, pc] = [Math.abs(p - a), Math.abs(p - b), Math.abs(p - c)];
        return pa <= pb && pa <= pc ? a : pb <= pc ? b : c;
      };
      const predicted = [0, a, b, (a + b) >> 1, 0][filter] ?? 0;
      pixels[y * stride + x] = (value + (filter === 4 ? paeth() : predicted)) & 0xff;
    }
  }
  let ink = 0;
  for (let i = 0; i < width * height; i++) {
    const px = pixels.subarray(i * channels, i * channels + Math.min(channels, 3));
    if (px.some((v) => v < 200)) ink++;
  }
  return ink / (width * height);
}

let world: AwardingWorld;
let awardedId: number;
let notAwardedId: number;
beforeAll(async () => {
  world = await createAwardingWorld();
  const editionId = await editionAfterPublicity(world);
  const won = await declarationIn(world, editionId, 'IN_RESULT_PUBLICITY', { grade: 'FIRST', title: '新型高熵合金的设计与制备', applicantId: world.applicant.id });
  const lost = await declarationIn(world, editionId, 'REVIEWED', { applicantId: world.applicant.id, prize: 'JSFM' });
  expect((await world.call('/rest/awarding/closeEdition', { editionId: String(editionId) }, world.office)).status).toBe(200);
  const rows = await world.ctx.database.db.select().from(awardHonour).where(eq(awardHonour.editionId, editionId));
  awardedId = rows.find((r) => r.declarationId === won)!.id;
  notAwardedId = rows.find((r) => r.declarationId === lost)!.id;
}, 60_000);
afterAll(async () => {
  await world?.ctx.app.close();
});

const certificate = (honourId: number | string, headers: Record<string, string>) => world.download(`/rest/awarding/certificate?honourId=${honourId}`, headers);

describe('GET /rest/awarding/certificate', () => {
  it('refuses the anonymous (401), a bad id (400), another applicant and a missing honour (404), one not awarded (409)', async () => {
    expect((await certificate(awardedId, {})).status).toBe(401);
    const bad = await certificate('abc', world.office);
    expect(bad.status).toBe(400);
    expect(JSON.parse(bad.body.toString()).msg).toContain('编号格式不正确');
    // Someone else's certificate is answered as not existing, so ids cannot be probed.
    const foreign = await certificate(awardedId, world.other.headers);
    expect(foreign.status).toBe(404);
    expect(JSON.parse(foreign.body.toString()).msg).toBe('授奖证书不存在或已被删除');
    expect((await certificate(awardedId, world.reviewer)).status).toBe(404);
    expect((await certificate(987654, world.office)).status).toBe(404);
    const lost = await certificate(notAwardedId, world.office);
    expect(lost.status).toBe(409);
    expect(JSON.parse(lost.body.toString()).msg).toContain('未授奖，没有证书');
  });

  it('gives the office and the applicant an A4 landscape PDF with the Chinese font embedded, whose first page is not blank', async () => {
    const mine = await certificate(awardedId, world.applicant.headers);
    expect(mine.status).toBe(200);
    const office = await certificate(awardedId, world.office);
    expect(office.status).toBe(200);
    expect(office.headers['content-type']).toBe('application/pdf');
    const [honour] = await world.ctx.database.db.select().from(awardHonour).where(eq(awardHonour.id, awardedId));
    expect(decodeURIComponent(String(office.headers['content-disposition']))).toContain(`证书-${honour!.registrationNo}.pdf`);

    const pdf = office.body;
    expect(pdf.subarray(0, 5).toString()).toBe('%PDF-');
    expect(pdf.toString('latin1')).toContain('NotoSerifCJKsc-Regular');
    expect(pdf.toString('latin1')).toMatch(/\/MediaBox \[0 0 841\.89 595\.28\]/);

    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'dandelion-certificate-'));
    try {
      fs.writeFileSync(path.join(dir, 'c.pdf'), pdf);
      execFileSync('pdftoppm', ['-png', '-r', '50', '-f', '1', '-l', '1', path.join(dir, 'c.pdf'), path.join(dir, 'page')]);
      const page = fs.readdirSync(dir).find((f) => f.endsWith('.png'))!;
      const share = inkShare(fs.readFileSync(path.join(dir, page)));
      // Frame and text: a few percent of the page at least, nowhere near a page of ink.
      expect(share).toBeGreaterThan(0.03);
      expect(share).toBeLessThan(0.6);
      // The text is Chinese as set: pdftotext reads it back through the embedded font's map.
      const text = execFileSync('pdftotext', ['-f', '1', '-l', '1', path.join(dir, 'c.pdf'), '-']).toString();
      for (const part of ['「自然科学奖」证书', honour!.certificateNo!, honour!.registrationNo!, '一等奖', '新型高熵合金的设计与制备', '张三、李四', '甲大学、乙研究所']) expect(text.replace(/\s+/g, '')).toContain(part.replace(/\s+/g, ''));
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });

  it('answers 503 with a Chinese explanation when the font is missing, never a crash', async () => {
    const [honour] = await world.ctx.database.db.select().from(awardHonour).where(eq(awardHonour.id, awardedId));
    const content = { honour: honour!, editionName: '本届', prizeName: '自然科学奖' };
    const missing = await renderCertificate(content, { path: '/nonexistent/font.ttc', family: 'X' }).catch((e: unknown) => e);
    expect(missing).toBeInstanceOf(AppError);
    expect((missing as AppError).status).toBe(503);
    expect((missing as AppError).message).toContain('证书字体未安装');
    const notAFont = path.join(os.tmpdir(), `not-a-font-${process.pid}.ttf`);
    fs.writeFileSync(notAFont, 'plain text');
    try {
      const broken = await renderCertificate(content, { path: notAFont }).catch((e: unknown) => e);
      expect((broken as AppError).status).toBe(503);
    } finally {
      fs.rmSync(notAFont, { force: true });
    }
    expect(fs.existsSync(DEFAULT_CERTIFICATE_FONT.path)).toBe(true);
  });
});

describe('the applicant at closing', () => {
  it('is told of the award and of the non-award by in-site message, each with the closing opinion', async () => {
    const messages = await world.ctx.database.db.select().from(sysMsg).where(eq(sysMsg.userId, world.applicant.id)).orderBy(asc(sysMsg.id));
    const awarded = messages.find((m) => m.title === '申报书已授奖')!;
    expect(awarded.content).toContain('结束评奖：授予一等奖');
    expect(messages.map((m) => m.title)).toContain('申报书未授奖');
  });
});

describe('/rest/awarding/getMyHonours', () => {
  it('refuses the anonymous (401) and gives each applicant only their own awarded declarations', async () => {
    expect((await world.call('/rest/awarding/getMyHonours', {}, {})).status).toBe(401);
    const mine = await world.call('/rest/awarding/getMyHonours', {}, world.applicant.headers);
    expect(mine.status).toBe(200);
    expect(mine.body.data).toEqual([expect.objectContaining({ id: String(awardedId), prizeName: '自然科学奖', grade: 'FIRST', title: '新型高熵合金的设计与制备', certificateNo: expect.stringMatching(/^ZS/) })]);
    expect((await world.call('/rest/awarding/getMyHonours', {}, world.other.headers)).body.data).toEqual([]);
  });
});
