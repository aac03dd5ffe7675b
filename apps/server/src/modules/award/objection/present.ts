import { OBJECTOR_HIDDEN, OPEN_OBJECTION_STATUSES, type objectionCalls } from '@dandelion/shared/award/objection';
import type { ServerData } from '@dandelion/shared';
import type { ObjectionRecord, StepRecord } from './repo';

/** Who reads: a handler (holds 受理, 调查 or 处理结论) sees the objector, the unit and the evidence. */
export interface Viewer {
  userId: number;
  handler: boolean;
}

type Row = ServerData<typeof objectionCalls.page>['list'][number];
type Detail = ServerData<typeof objectionCalls.detail>;
type Mine = ServerData<typeof objectionCalls.mine>['list'][number];

const overdueOn = (row: ObjectionRecord, today: string) => OPEN_OBJECTION_STATUSES.includes(row.status) && row.deadline < today;

/** The objector's own row: the outcome once decided; the handlers' names and notes stay with the office. */
export function presentMine(row: ObjectionRecord): Mine {
  return {
    objectionId: row.id,
    publicityId: row.publicityId,
    publicityTitle: row.publicityTitle,
    declarationId: row.declarationId,
    entryTitle: row.entryTitle,
    category: row.category,
    subject: row.subject,
    status: row.status,
    receivedAt: row.createTime,
    kind: row.kind,
    outcomeAction: row.outcomeAction,
    outcomeOpinion: row.outcomeOpinion,
    decidedAt: row.decidedAt,
  };
}

/** The office's row; the objector only for a handler. */
export function present(row: ObjectionRecord, viewer: Viewer, today: string, registrationNo: string | null = null): Row {
  const objector = row.kind === 'UNIT' ? `${row.unitName ?? ''}（经办人：${row.objectorName}）` : row.objectorName;
  return {
    objectionId: row.id,
    publicityId: row.publicityId,
    publicityTitle: row.publicityTitle,
    declarationId: row.declarationId,
    entryTitle: row.entryTitle,
    category: row.category,
    subject: row.subject,
    status: row.status,
    receivedAt: row.createTime,
    editionId: row.editionId,
    prizeId: row.prizeId,
    registrationNo,
    kind: row.kind,
    objector: viewer.handler ? objector : OBJECTOR_HIDDEN,
    deadline: row.deadline,
    overdue: overdueOn(row, today),
    lockVersion: row.lockVersion,
  };
}

/** The detail: the facts for every reader of the list; identity, unit and evidence for a handler only. */
export function presentDetail(row: ObjectionRecord, steps: readonly StepRecord[], viewer: Viewer, today: string, registrationNo: string | null): Detail {
  const h = viewer.handler;
  return {
    ...present(row, viewer, today, registrationNo),
    facts: row.facts,
    unitName: h ? row.unitName : null,
    creditCode: h ? row.creditCode : null,
    contactPhone: h ? row.contactPhone : null,
    sealFileId: h ? row.sealFileId : null,
    evidenceFileIds: h ? row.evidenceFileIds : [],
    outcomeAction: row.outcomeAction,
    outcomeOpinion: row.outcomeOpinion,
    decidedAt: row.decidedAt,
    handler: h,
    steps: steps.map((s) => ({
      action: s.action as Detail['steps'][number]['action'],
      fromStatus: s.fromStatus,
      toStatus: s.toStatus,
      opinion: s.opinion,
      actorName: s.action === 'FILE' && !h ? OBJECTOR_HIDDEN : s.actorName,
      createTime: s.createTime,
    })),
  };
}
