import { DIVERGENCE_LABELS, GROUP_SCORE_METHOD_LABELS } from '@dandelion/shared/award/aggregation';
import { DECLARATION_STATUS_LABELS } from '@dandelion/shared/award/declaration';
import { PRIZE_GRADE_LABELS } from '@dandelion/shared/award/prize';
import { beijingTime, newWorkbook, styleHeader } from '../../../core/excel';
import type { GroupResult } from './result';

const fixed = (n: number | null, digits = 2) => (n === null ? '' : Number(n.toFixed(digits)));

/**
 * The group's result as a workbook: 原始评分 (one row per reviewer's place, missing reviews written
 * as 缺) and 汇总结果 (one row per declaration, the figures of the result page).
 */
export async function resultWorkbook(result: GroupResult): Promise<Buffer> {
  const book = await newWorkbook();
  const raw = book.addWorksheet('原始评分');
  raw.columns = [
    { header: '登记号', key: 'no', width: 18 },
    { header: '项目名称', key: 'title', width: 36 },
    { header: '评审专家', key: 'expert', width: 12 },
    ...result.rubric.map((c, i) => ({ header: `${c.name}（满分${c.maxScore}，权重${c.weight}）`, key: `c${i}`, width: 16 })),
    { header: '总分', key: 'total', width: 10 },
    { header: '建议等级', key: 'grade', width: 10 },
    { header: '评审意见', key: 'comment', width: 40 },
    { header: '提交时间', key: 'time', width: 20 },
  ];
  for (const row of result.rows) {
    for (const r of row.reviews) {
      const byName = new Map(r.scores.map((s) => [s.name, s.score]));
      raw.addRow({
        no: row.registrationNo ?? '',
        title: row.title ?? '',
        expert: r.expertName,
        ...Object.fromEntries(result.rubric.map((c, i) => [`c${i}`, r.submitted ? (byName.get(c.name) ?? '') : '缺'])),
        total: r.submitted ? r.total : '缺',
        grade: r.suggestedGrade ? PRIZE_GRADE_LABELS[r.suggestedGrade] : '',
        comment: r.comment ?? '',
        time: beijingTime(r.submittedAt),
      });
    }
  }
  styleHeader(raw);

  const summary = book.addWorksheet('汇总结果');
  summary.columns = [
    { header: '排名', key: 'rank', width: 8 },
    { header: '登记号', key: 'no', width: 18 },
    { header: '项目名称', key: 'title', width: 36 },
    { header: '已评/应评', key: 'count', width: 10 },
    { header: `组内得分（${GROUP_SCORE_METHOD_LABELS[result.scoreMethod]}）`, key: 'score', width: 20 },
    { header: '校准均值', key: 'calibrated', width: 12 },
    { header: '百分位', key: 'percentile', width: 10 },
    { header: '分歧标记', key: 'flags', width: 28 },
    { header: '名额内', key: 'within', width: 8 },
    { header: '状态', key: 'status', width: 12 },
    { header: '评审结论意见', key: 'opinion', width: 30 },
  ];
  for (const row of result.rows) {
    summary.addRow({
      rank: row.rank ?? '',
      no: row.registrationNo ?? '',
      title: row.title ?? '',
      count: `${row.submitted}/${row.expected}`,
      score: fixed(row.groupScore),
      calibrated: row.calibratedMean === null ? '未校准' : fixed(row.calibratedMean),
      percentile: fixed(row.percentile, 1),
      flags: row.flags.map((f) => DIVERGENCE_LABELS[f]).join('、'),
      within: result.quota === null ? '' : row.withinQuota ? '是' : '否',
      status: DECLARATION_STATUS_LABELS[row.status],
      opinion: row.decisionOpinion ?? '',
    });
  }
  styleHeader(summary);
  return Buffer.from(await book.xlsx.writeBuffer());
}
