import { DECLARATION_STATUS_LABELS, type DeclarationStepAction } from '@dandelion/shared/award/declaration';
import { DECLARATION_PROCESS_CODE, declarationBusinessKey, processActionOf } from '@dandelion/shared/award/declarationProcess';
import type { Executor } from '../../../core/db';
import { AppError } from '../../../core/errors';
import type { Actor } from '../../../core/records';
import type { ProcessActor, ProcessEngine } from '../../base/progress/module';
import type { MessageService, TemplateNotifier } from '../../message/module';
import type { DeclarationEvents, DeclarationMove, DeclarationRow } from '../declaration/module';

export interface DeclarationFlowDeps {
  engine: Pick<ProcessEngine, 'start' | 'act' | 'terminate' | 'instanceOf'>;
  messages: Pick<MessageService, 'send'>;
  /** Where a move the process could not follow, or a template that could not be sent, is reported (the app's logger). */
  warn: (message: string, detail: Record<string, unknown>) => void;
  /** SMS or e-mail where the office configured a template for the move (codes `AWARD_<action>`). */
  templates: TemplateNotifier;
  /** Whether a move has committed; templates go out only after it has. */
  stepCommitted: (stepId: number) => Promise<boolean>;
  /** Waits between looks for the commit (tests shorten nothing; the default suits a request's length). */
  commitPollMs?: number;
}

/** The message template code the office creates to have a move also sent by SMS or e-mail, e.g. AWARD_RETURN_FOR_FIX. */
export const templateCodeOf = (action: DeclarationStepAction) => `AWARD_${action}`;
const COMMIT_LOOKS = 40;

/** Where the applicant reads about their declarations. */
export const MY_DECLARATIONS_LINK = '/center?tab=declarations';

/**
 * The declaration module decides a move with its own rules and data scopes; the engine records it.
 * So the engine is asked as a participant that may take any action, under the real actor's name.
 */
function processActorOf(actor: Actor | null): ProcessActor {
  return actor
    ? { id: actor.id, name: actor.name, roleCodes: [], permissions: [], isSuperAdmin: true }
    : { id: 0, name: 'system', displayName: '系统', roleCodes: [], permissions: [], isSuperAdmin: true };
}

/** What the applicant is told after each move they did not make themselves (or, for a submission, their receipt). */
function applicantMessage(move: DeclarationMove, after: DeclarationRow): { title: string; body: string } | null {
  const name = `「${after.title ?? '未命名项目'}」${after.registrationNo ? `（登记号 ${after.registrationNo}）` : ''}`;
  const opinion = move.opinion ? `\n意见：${move.opinion}` : '';
  const told: Partial<Record<DeclarationStepAction, { title: string; body: string }>> = {
    SUBMIT: { title: '申报书已提交', body: `您的申报书${name}已提交，当前状态：${DECLARATION_STATUS_LABELS[after.status]}。` },
    RESUBMIT: { title: '申报书已重新提交', body: `您修改后的申报书${name}已重新提交，当前状态：${DECLARATION_STATUS_LABELS[after.status]}。` },
    UNIT_APPROVE: { title: '单位审核已通过', body: `您的申报书${name}已通过单位审核。${opinion}` },
    UNIT_RETURN: { title: '申报书被单位退回修改', body: `您的申报书${name}被单位退回，请按意见修改后重新提交。${opinion}` },
    NOMINATE: { title: '提名单位已同意提名', body: `您的申报书${name}已获提名单位同意提名，进入形式审查。${opinion}` },
    NOMINATOR_RETURN: { title: '申报书被提名单位退回修改', body: `您的申报书${name}被提名单位退回，请按意见修改后重新提交。${opinion}` },
    ACCEPT: { title: '申报书已受理', body: `您的申报书${name}已通过形式审查，予以受理。${opinion}` },
    RETURN_FOR_FIX: {
      title: '申报书需限期修改',
      body: `您的申报书${name}需要修改，请于 ${move.deadline ?? '期限'} 前（含当日）修改后重新提交，逾期将不予受理。${opinion}`,
    },
    REJECT: { title: '申报书不予受理', body: `您的申报书${name}经形式审查不予受理。${opinion}` },
    FIX_DEADLINE_MISSED: { title: '申报书逾期未修改，不予受理', body: `您的申报书${name}未在修改期限内重新提交，不予受理。` },
    APPROVE_REVOCATION: { title: '撤回申请已同意', body: `您的申报书${name}的撤回申请已同意，申报书已撤回。${opinion}` },
    REFUSE_REVOCATION: { title: '撤回申请未同意', body: `您的申报书${name}的撤回申请未获同意。${opinion}` },
    RESULT_PUBLICITY_START: { title: '评审结果公示', body: `您的申报书${name}拟授奖，已进入结果公示。${opinion}` },
    OBJECTION_HOLD: { title: '申报书收到异议', body: `您的申报书${name}收到异议，异议处理期间暂停后续评审。` },
    OBJECTION_RELEASE: { title: '异议处理完毕', body: `您的申报书${name}的异议已处理完毕，恢复后续评审。${opinion}` },
    OBJECTION_REMOVE: { title: '异议成立', body: `您的申报书${name}经异议调查，异议成立，不予授奖。${opinion}` },
    AWARD: { title: '申报书已授奖', body: `祝贺！您的申报书${name}已获授奖。${opinion}` },
    NOT_AWARD: { title: '申报书未授奖', body: `您的申报书${name}本届未获授奖。${opinion}` },
  };
  return told[move.action] ?? null;
}

/**
 * What follows every move of a declaration: the process engine's instance (DECLARATION:<id>) takes
 * the same step, so 流程管理 shows each declaration's history and where it stands; and the applicant
 * gets an in-site message. Both run on the move's transaction: a move and its record commit together.
 */
export function createDeclarationFlow({ engine, messages, warn, templates, stepCommitted, commitPollMs = 250 }: DeclarationFlowDeps): DeclarationEvents {
  /**
   * A template send is an SMS or an e-mail: it must not go out for a move that rolls back, and must
   * not hold the move's transaction while a gateway answers. So it waits, outside the transaction,
   * until the move's history step is visible (on PGlite the look itself waits for the commit), and
   * gives up quietly if it never appears.
   */
  function sendAfterCommit(stepId: number, after: DeclarationRow, move: DeclarationMove) {
    const values = {
      title: after.title ?? '未命名项目',
      registrationNo: after.registrationNo ?? '—',
      status: DECLARATION_STATUS_LABELS[after.status],
      opinion: move.opinion?.trim() || '—',
      deadline: move.deadline ?? '—',
    };
    setTimeout(async () => {
      try {
        for (let look = 0; look < COMMIT_LOOKS; look++) {
          if (await stepCommitted(stepId)) {
            await templates.sendIfConfigured(templateCodeOf(move.action), [after.applicantId], values);
            return;
          }
          await new Promise((resolve) => setTimeout(resolve, commitPollMs));
        }
      } catch (error) {
        warn('申报书的模板消息未能发送', { declarationId: after.id, action: move.action, reason: error instanceof Error ? error.message : String(error) });
      }
    }, 0);
  }

  async function follow(ex: Executor, before: DeclarationRow, after: DeclarationRow, move: DeclarationMove, actor: Actor | null) {
    const businessKey = declarationBusinessKey(after.id);
    const who = processActorOf(actor);
    try {
      if (after.status === 'WITHDRAWN') {
        const running = await engine.instanceOf(businessKey, ex);
        if (running?.status === 'RUNNING') {
          await engine.terminate({ instanceId: running.instanceId, reason: `申报书已撤回${move.opinion ? `：${move.opinion}` : ''}`, actor: who }, ex);
        }
        return;
      }
      const action = processActionOf(move.action, before.status, move.to);
      if (!action) return;
      let instance = await engine.instanceOf(businessKey, ex);
      if (!instance || instance.status !== 'RUNNING') {
        instance = await engine.start({ processCode: DECLARATION_PROCESS_CODE, businessKey, title: after.title, actor: who }, ex);
      }
      await engine.act({ instanceId: instance.instanceId, action, comment: move.opinion ?? null, actor: who }, ex);
    } catch (error) {
      // An administrator's new version of the process may lack an action: the declaration still moves.
      if (!(error instanceof AppError)) throw error;
      warn('申报书的流程实例未能同步', { declarationId: after.id, action: move.action, reason: error.message });
    }
  }

  return {
    async moved(ex, { before, after, move, actor, stepId }) {
      await follow(ex, before, after, move, actor);
      const message = applicantMessage(move, after);
      if (message && !(actor && actor.id === after.applicantId && move.action !== 'SUBMIT' && move.action !== 'RESUBMIT')) {
        await messages.send(ex, { userIds: [after.applicantId], ...message, category: 'DECLARATION', link: MY_DECLARATIONS_LINK, sender: null });
        sendAfterCommit(stepId, after, move);
      }
    },
  };
}

