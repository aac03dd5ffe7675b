/** Message and table samples of mock mode (spec §3 Mock records). Development sample data only. */

/** Unread messages: none, so the header badge stays empty (getTopMsgNum answers msgTotal). */
export const MESSAGES = {
  msgTotal: 0,
  msgList: [] as Array<{ msgId: string; title: string; content: string; sendTime: string; readFlag: 0 | 1 }>,
};

export type TableStatus = 'published' | 'draft' | 'deleted';

export interface TableRecord {
  id: string;
  title: string;
  status: TableStatus;
  author: string;
  display_time: string;
  pageviews: number;
}

const TITLES = ['关于开展年度科技奖励申报工作的通知', '科技进步奖评审办法（修订）', '专家库入库须知', '申报系统操作指南', '形式审查结果公示', '关于延长申报截止时间的说明'];
const AUTHORS = ['王主任', '李老师', '张编辑'];
const STATUSES: TableStatus[] = ['published', 'draft', 'deleted'];

/** Deterministic rows, so screenshots and tests see the same list every run. */
export const TABLE_RECORDS: TableRecord[] = Array.from({ length: 12 }, (_, i) => ({
  id: String(i + 1),
  title: TITLES[i % TITLES.length]!,
  status: STATUSES[i % STATUSES.length]!,
  author: AUTHORS[i % AUTHORS.length]!,
  display_time: `2024-0${(i % 9) + 1}-1${i % 10} 09:30:00`,
  pageviews: 300 + ((i * 769) % 4000),
}));
