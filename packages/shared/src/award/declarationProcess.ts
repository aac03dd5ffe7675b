/**
 * The declaration's way to acceptance as a process of the process engine (流程管理): seeded as the
 * ACTIVE version of AWARD_DECLARATION, so an administrator sees every declaration's instance, its
 * history and the diagram. The declaration module decides every move (its own rules and data
 * scopes); the instance follows it. An administrator may publish a new version (time limits,
 * names), keeping these stage and action codes.
 */
import type { ProcessDefinition } from '../base/progress';
import type { DeclarationStatus, DeclarationStepAction } from './declaration';
import { DECLARE_PERMISSIONS, FORMAL_REVIEW_PERMISSIONS, NOMINATION_PERMISSIONS, UNIT_REVIEW_PERMISSIONS } from './declaration';

export const DECLARATION_PROCESS_CODE = 'AWARD_DECLARATION';
export const DECLARATION_PROCESS_NAME = '科技奖申报审核';
/** The process instance of declaration 12 has the business key DECLARATION:12. */
export const declarationBusinessKey = (declarationId: number | string) => `DECLARATION:${declarationId}`;

const applicant = [DECLARE_PERMISSIONS.submit];
const unit = [UNIT_REVIEW_PERMISSIONS.approve];
const nominator = [NOMINATION_PERMISSIONS.approve];
const office = [FORMAL_REVIEW_PERMISSIONS.audit];
const t = (from: string, to: string, action: string, label: string, permissions: string[]) => ({ from, to, action, label, roles: [], permissions, commentRequired: false });

export const DECLARATION_PROCESS: ProcessDefinition = {
  stages: [
    { code: 'FILLING', name: '申报人填报', kind: 'start', limitDays: null },
    { code: 'UNIT_REVIEW', name: '单位审核', kind: 'normal', limitDays: 7 },
    { code: 'NOMINATION', name: '提名单位审核', kind: 'normal', limitDays: 7 },
    { code: 'FORMAL_REVIEW', name: '形式审查', kind: 'normal', limitDays: 10 },
    { code: 'FIXING', name: '限期修改', kind: 'normal', limitDays: null },
    { code: 'ACCEPTED', name: '已受理', kind: 'end', limitDays: null },
    { code: 'NOT_ACCEPTED', name: '不予受理', kind: 'end', limitDays: null },
  ],
  transitions: [
    t('FILLING', 'UNIT_REVIEW', 'SUBMIT_TO_UNIT', '提交单位审核', applicant),
    t('FILLING', 'NOMINATION', 'SUBMIT_TO_NOMINATOR', '提交提名单位', applicant),
    t('FILLING', 'FORMAL_REVIEW', 'SUBMIT_TO_OFFICE', '提交奖励办', applicant),
    t('UNIT_REVIEW', 'NOMINATION', 'UNIT_APPROVE_TO_NOMINATOR', '单位审核通过', unit),
    t('UNIT_REVIEW', 'FORMAL_REVIEW', 'UNIT_APPROVE_TO_OFFICE', '单位审核通过（直送奖励办）', unit),
    t('UNIT_REVIEW', 'FILLING', 'UNIT_RETURN', '单位退回修改', unit),
    t('NOMINATION', 'FORMAL_REVIEW', 'NOMINATE', '同意提名', nominator),
    t('NOMINATION', 'FILLING', 'NOMINATOR_RETURN', '提名单位退回修改', nominator),
    t('FORMAL_REVIEW', 'ACCEPTED', 'ACCEPT', '受理', office),
    t('FORMAL_REVIEW', 'FIXING', 'RETURN_FOR_FIX', '限期修改', office),
    t('FORMAL_REVIEW', 'NOT_ACCEPTED', 'REJECT', '不予受理', office),
    t('FIXING', 'FORMAL_REVIEW', 'RESUBMIT', '修改后重新提交', applicant),
    t('FIXING', 'NOT_ACCEPTED', 'FIX_DEADLINE_MISSED', '逾期未修改', office),
  ],
};

/**
 * The engine's action for a declaration's move, or null when the move is not a step of the process
 * (creating a draft, a withdrawal request) or ends it (withdrawal: the instance is terminated).
 */
export function processActionOf(action: DeclarationStepAction, from: DeclarationStatus | null, to: DeclarationStatus): string | null {
  switch (action) {
    case 'SUBMIT':
    case 'RESUBMIT':
      if (from === 'FORMAL_RETURNED') return 'RESUBMIT';
      return to === 'SUBMITTED' ? 'SUBMIT_TO_UNIT' : to === 'UNIT_APPROVED' ? 'SUBMIT_TO_NOMINATOR' : 'SUBMIT_TO_OFFICE';
    case 'UNIT_APPROVE':
      return to === 'UNIT_APPROVED' ? 'UNIT_APPROVE_TO_NOMINATOR' : 'UNIT_APPROVE_TO_OFFICE';
    case 'UNIT_RETURN':
    case 'NOMINATE':
    case 'NOMINATOR_RETURN':
    case 'ACCEPT':
    case 'RETURN_FOR_FIX':
    case 'REJECT':
    case 'FIX_DEADLINE_MISSED':
      return action;
    default:
      return null;
  }
}
