/**
 * The prize business (评奖管理, DOMAIN.md): prizes, editions and declarations. This file composes the
 * features; where one needs another that sits above it, the need is a port wired here.
 */
import type { FastifyInstance } from 'fastify';
import type { EventBus } from '../../core/bus';
import type { Db, Executor } from '../../core/db';
import type { WorkingDayCalendar } from '../base/calendar/module';
import type { SerialService } from '../base/serial/module';
import type { FileService } from '../file/module';
import { createLastStretch, createReviewOutcome, registerDeclarationModule, type DeclarationDeps } from './declaration/module';
import { DEFAULT_CERTIFICATE_FONT, registerAwardingModule, type CertificateFont } from './awarding/module';
import { createAwardPortalCache, registerAchievementModule, type ConsumeCaptcha, type UnitContacts } from './achievement/module';
import { COMMITTEE_VOTE_LINK, registerCommitteeModule, type CommitteeMembers } from './committee/module';
import { registerBankModule, type BankKeySetting, type OwnerNames } from './bank/module';
import { createDeclarationFlow, MY_DECLARATIONS_LINK, type DeclarationFlowDeps } from './declarationFlow/module';
import { editionDirectory, registerEditionModule } from './edition/module';
import { expertDirectory, registerExpertModule, type ExpertDeps } from './expert/module';
import { registerAssignmentModule } from './assignment/module';
import { registerLookupModule } from './lookup/module';
import { OBJECTION_CONSOLE_LINK, registerObjectionModule, type ObjectionDeps } from './objection/module';
import { prizeDirectory, registerPrizeModule } from './prize/module';
import { publicityDirectory, registerPublicityModule } from './publicity/module';
import { expertMayRead, registerScoringModule } from './scoring/module';

export { AWARD_EDITION_PHASES, AWARD_EDITION_PHASES_HANDLER } from './edition/module';
export { seedCertificateNumbering } from './awarding/module';
export { AWARD_FIX_DEADLINES, AWARD_FIX_DEADLINES_HANDLER, seedDeclarationNumbering } from './declaration/module';
export { AWARD_EXPERT_STANDING_EXPIRY, AWARD_EXPERT_STANDING_EXPIRY_HANDLER } from './expert/module';
export { AWARD_PUBLICITY_WINDOWS, AWARD_PUBLICITY_WINDOWS_HANDLER } from './publicity/module';
export { AWARD_OBJECTION_REMINDERS, AWARD_OBJECTION_REMINDERS_HANDLER } from './objection/module';

export interface AwardDeps {
  db: Db;
  today: () => string;
  /** 登记号 are taken from the serial-number module at first submission. */
  serials: Pick<SerialService, 'next'>;
  /** Declaration attachments are uploads filed under the declaration and read by its readers. */
  files: Pick<FileService, 'attach' | 'detach' | 'registerAccessRule'>;
  /** Fix deadlines (限期修改) are counted in working days of the holiday calendar. */
  workingDays: WorkingDayCalendar;
  /** The reasons of 不予受理: the dictionary AWARD_REJECT_REASON's items, read through the caller's executor. */
  rejectReasons: (ex: Executor) => Promise<Array<{ code: string; name: string }>>;
  /** Each declaration's process instance follows its moves (流程管理). */
  processEngine: DeclarationFlowDeps['engine'];
  /** The applicant is told of each move by in-site message. */
  messages: DeclarationFlowDeps['messages'];
  warn: DeclarationFlowDeps['warn'];
  templates: DeclarationFlowDeps['templates'];
  /** An approved expert's account gets the EXPERT role (the user module), and their sessions see it. */
  expertRoles: ExpertDeps['roles'];
  /** The user a phone number belongs to: an invited expert who already has an account is told in-site. */
  findUserByPhone: (ex: Executor, phone: string) => Promise<{ id: number } | null>;
  /** Review-fee bank accounts: the number's encryption key (BANK_ACCOUNT_KEY) and the owners' names from the user module. */
  bank: { key: BankKeySetting; ownerNames: OwnerNames };
  /** The Chinese font award certificates are set in (CERTIFICATE_FONT); Noto Serif CJK by default. */
  certificateFont?: CertificateFont;
  /** The portal's prize pages are cached (as are the publicities) and emptied on every instance through the bus. */
  bus: EventBus;
  /** The 有意向合作 form's image captcha (the identity module's, as the complaint form uses). */
  consumeCaptcha: ConsumeCaptcha;
  /** Who answers for a completing unit: its users holding the unit-review permission. */
  unitContacts: UnitContacts;
  /** Committee members are the holders of the COMMITTEE role (the user module). */
  committeeMembers: CommitteeMembers;
  /** Objections: whether a filer's identity is verified (the user module), and who holds a handling permission. */
  objections: Pick<ObjectionDeps, 'identityOf' | 'handlerIds'>;
}

export function registerAwardModule(app: FastifyInstance, deps: AwardDeps) {
  const editions = registerEditionModule(app, { db: deps.db, prizes: prizeDirectory, today: deps.today });
  // A prize an edition opens may not be deleted: the edition module answers which do.
  registerPrizeModule(app, { db: deps.db, editionsOpening: editions.editionsOpening });
  // /apply, /fund, /national and /show answer anonymous visitors from one cache that every change empties.
  const awardPortal = createAwardPortalCache(deps.bus);
  registerLookupModule(app, { db: deps.db, portal: awardPortal });
  registerBankModule(app, { db: deps.db, ...deps.bank, warn: (message) => deps.warn(message, {}) });
  // The flow waits for a move's commit before a template goes out; the declaration module answers that.
  let stepCommitted: (stepId: number) => Promise<boolean> = async () => false;
  const declarationDeps: DeclarationDeps = {
    db: deps.db,
    events: createDeclarationFlow({ engine: deps.processEngine, messages: deps.messages, warn: deps.warn, templates: deps.templates, stepCommitted: (id) => stepCommitted(id) }),
    serials: deps.serials,
    files: deps.files,
    editions: editionDirectory,
    prizes: prizeDirectory,
    workingDays: deps.workingDays,
    rejectReasons: deps.rejectReasons,
    today: deps.today,
    tell: async (ex, userIds, message) => {
      await deps.messages.send(ex, { userIds, ...message, category: 'DECLARATION', link: MY_DECLARATIONS_LINK, sender: null });
    },
    // An expert reads a declaration's attachments while their assignment on it is active (the scoring module answers).
    expertMayRead,
  };
  const declarations = registerDeclarationModule(app, declarationDeps);
  // Committee, publicity, objections, awards and the portal's achievements move and read declarations through one port.
  const lastStretch = createLastStretch(declarationDeps);
  // Publicity (公示) snapshots candidates and moves result-publicity declarations through the port.
  const publicity = registerPublicityModule(app, { db: deps.db, declarations: lastStretch, workingDays: deps.workingDays, bus: deps.bus });
  const achievements = registerAchievementModule(app, {
    db: deps.db,
    today: deps.today,
    editions: editionDirectory,
    prizes: prizeDirectory,
    declarations: lastStretch,
    portal: awardPortal,
    consumeCaptcha: deps.consumeCaptcha,
    unitContacts: deps.unitContacts,
    tell: async (ex, userIds, message) => {
      await deps.messages.send(ex, { userIds, ...message, category: 'DECLARATION', sender: null });
    },
  });
  registerScoringModule(app, { db: deps.db, prizes: prizeDirectory, outcomes: createReviewOutcome(declarationDeps) });
  stepCommitted = declarations.stepCommitted;
  // The committee moves declarations only through the last-stretch port.
  registerCommitteeModule(app, {
    db: deps.db,
    declarations: lastStretch,
    members: deps.committeeMembers,
    tell: async (ex, userIds, message) => {
      await deps.messages.send(ex, { userIds, ...message, category: 'REVIEW', link: COMMITTEE_VOTE_LINK, sender: null });
    },
  });
  // Closing an edition awards through the declaration's last-stretch port.
  registerAwardingModule(app, {
    db: deps.db,
    today: deps.today,
    declarations: lastStretch,
    editions: editionDirectory,
    prizes: prizeDirectory,
    serials: deps.serials,
    // The award list went public: /show and the portal's award results forget their cached answers.
    published: async () => {
      await achievements.invalidatePortal();
      await publicity.invalidatePortal();
    },
    certificateFont: deps.certificateFont ?? DEFAULT_CERTIFICATE_FONT,
  });
  const experts = registerExpertModule(app, {
    db: deps.db,
    today: deps.today,
    files: deps.files,
    invitations: {
      userIdByPhone: async (ex, phone) => (await deps.findUserByPhone(ex, phone))?.id ?? null,
      tell: async (ex, userIds, message) => {
        await deps.messages.send(ex, { userIds, ...message, category: 'REVIEW', sender: null });
      },
      sendTemplate: (code, userIds, values) => deps.templates.sendIfConfigured(code, userIds, values),
    },
    roles: deps.expertRoles,
  });
  // Review groups and expert assignment read declarations and experts through their facades.
  const assignment = registerAssignmentModule(app, {
    db: deps.db,
    declarations: declarations.forAssignment,
    experts: expertDirectory,
    messages: deps.messages,
    workingDays: deps.workingDays,
    today: deps.today,
  });
  // Objections (异议) are filed against an open publicity's entry and hold the declaration meanwhile.
  const objections = registerObjectionModule(app, {
    db: deps.db,
    declarations: lastStretch,
    entryWindow: publicityDirectory.entryWindow,
    identityOf: deps.objections.identityOf,
    handlerIds: deps.objections.handlerIds,
    files: deps.files,
    workingDays: deps.workingDays,
    tell: async (ex, userIds, message) => {
      await deps.messages.send(ex, { userIds, ...message, link: message.link ?? OBJECTION_CONSOLE_LINK, category: 'DECLARATION', sender: null });
    },
  });
  return {
    objectionReminderJob: objections.reminderJob,
    publicityWindowJob: publicity.windowJob,
    editionPhaseJob: editions.phaseJob,
    fixDeadlineJob: declarations.fixDeadlineJob,
    reminderJob: declarations.reminderJob,
    expertStandingExpiryJob: experts.standingExpiryJob,
    assignmentReminderJob: assignment.reminderJob,
    assignmentOverdueJob: assignment.overdueJob,
  };
}
