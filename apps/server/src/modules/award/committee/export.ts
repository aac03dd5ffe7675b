import { COMMITTEE_RATIO_LABELS, COMMITTEE_VOTE_CHOICE_LABELS } from '@dandelion/shared/award/committeeRule';
import { SITTING_STATUS_LABELS } from '@dandelion/shared/award/committee';
import { PRIZE_GRADE_LABELS, type PrizeGrade } from '@dandelion/shared/award/prize';
import { beijingTime, newWorkbook, styleHeader } from '../../../core/excel';
import type { CommitteeService } from './service';
import type { VoteRow } from './repo';

type Detail = Awaited<ReturnType<CommitteeService['detail']>>;
type Results = Awaited<ReturnType<CommitteeService['results']>>;

const fixed = (n: number | null) => (n === null ? '' : Number(n.toFixed(2)));
const grade = (g: PrizeGrade | null) => (g ? PRIZE_GRADE_LABELS[g] : '');

/** What one vote says in a cell: 同意 / 二等奖 / 不予授奖, a comment after it. */
function said(v: VoteRow | undefined): string {
  if (!v) return '未投票';
  const what = v.choice === 'OTHER_GRADE' ? `建议${grade(v.grade)}` : v.choice === 'AGREE' ? '同意' : COMMITTEE_VOTE_CHOICE_LABELS.NOT_AWARD;
  return v.comment ? `${what}（${v.comment}）` : what;
}

/** 投票表: one row per declaration, one column per member, and a second sheet of who voted when. */
export async function voteWorkbook(detail: Detail, votes: readonly VoteRow[]): Promise<Buffer> {
  const book = await newWorkbook();
  const sheet = book.addWorksheet('投票表');
  sheet.columns = [
    { header: '登记号', key: 'no', width: 18 },
    { header: '项目名称', key: 'title', width: 36 },
    { header: '专家评审汇总分', key: 'score', width: 14 },
    { header: '拟授奖等级', key: 'proposed', width: 12 },
    ...detail.members.map((m, i) => ({ header: m.name, key: `m${i}`, width: 16 })),
    { header: '已投票', key: 'votes', width: 10 },
  ];
  const byKey = new Map(votes.map((v) => [`${v.declarationId}:${v.memberId}`, v]));
  for (const item of detail.items) {
    sheet.addRow({
      no: item.registrationNo ?? '',
      title: item.title ?? '',
      score: fixed(item.groupScore),
      proposed: grade(item.proposedGrade),
      ...Object.fromEntries(detail.members.map((m, i) => [`m${i}`, said(byKey.get(`${item.declarationId}:${m.userId}`))])),
      votes: `${item.votes}/${detail.members.length}`,
    });
  }
  styleHeader(sheet);
  const log = book.addWorksheet('投票记录');
  log.columns = [
    { header: '委员', key: 'member', width: 14 },
    { header: '登记号', key: 'no', width: 18 },
    { header: '表决意见', key: 'said', width: 30 },
    { header: '最后修改时间', key: 'time', width: 20 },
  ];
  const names = new Map(detail.members.map((m) => [m.userId, m.name]));
  const numbers = new Map(detail.items.map((i) => [i.declarationId, i.registrationNo ?? '']));
  for (const v of votes) log.addRow({ member: names.get(v.memberId) ?? String(v.memberId), no: numbers.get(v.declarationId) ?? '', said: said(v), time: beijingTime(v.updateTime) });
  styleHeader(log);
  return Buffer.from(await book.xlsx.writeBuffer());
}

/** 表决结果: one row per declaration with the count, each grade tested and the committee's grade. */
export async function resultWorkbook(results: Results): Promise<Buffer> {
  const book = await newWorkbook();
  const sheet = book.addWorksheet('表决结果');
  sheet.columns = [
    { header: '登记号', key: 'no', width: 18 },
    { header: '项目名称', key: 'title', width: 36 },
    { header: '专家评审汇总分', key: 'score', width: 14 },
    { header: '拟授奖等级', key: 'proposed', width: 12 },
    { header: '应到委员', key: 'members', width: 10 },
    { header: '投票人数', key: 'present', width: 10 },
    { header: '法定人数', key: 'needed', width: 10 },
    { header: '同意', key: 'agree', width: 8 },
    { header: '建议其他等级', key: 'other', width: 20 },
    { header: '不予授奖', key: 'not', width: 10 },
    { header: '表决过程', key: 'tests', width: 40 },
    { header: '表决结果', key: 'result', width: 14 },
  ];
  for (const r of results.rows) {
    sheet.addRow({
      no: r.registrationNo ?? '',
      title: r.title ?? '',
      score: fixed(r.groupScore),
      proposed: grade(r.proposedGrade),
      members: results.members,
      present: r.present,
      needed: r.needed,
      agree: r.agree,
      other: r.otherGrades.map((o) => `${grade(o.grade)} ${o.count}`).join('，'),
      not: r.notAward,
      tests: r.tests.map((t) => `${grade(t.grade)} ${t.support}/${r.present}${t.passed ? ' 通过' : ' 未过'}`).join('；'),
      result: !r.quorum ? '未达法定人数' : r.resultGrade ? `拟授${grade(r.resultGrade)}` : '不予授奖',
    });
  }
  styleHeader(sheet);
  const footer = sheet.addRow({});
  footer.getCell(1).value = `${SITTING_STATUS_LABELS[results.status]}${results.recorded ? '（已记录）' : '（实时计票）'}；法定人数${COMMITTEE_RATIO_LABELS[results.quorumRatio]}，通过比例${COMMITTEE_RATIO_LABELS[results.passRatio]}`;
  return Buffer.from(await book.xlsx.writeBuffer());
}
