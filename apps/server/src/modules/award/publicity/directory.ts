import type { PublicityKind, PublicityStatus } from '@dandelion/shared/award/publicity';
import type { Executor } from '../../../core/db';
import { publicityRepo } from './repo';
import { afterBeijingDay } from './window';

/** One declaration's place in one publicity, with the window an objection must fall in. */
export interface PublicityEntryWindow {
  publicityId: number;
  declarationId: number;
  editionId: number;
  prizeId: number;
  kind: PublicityKind;
  /** The publicity's title. */
  title: string;
  /** The declaration's title as the entry shows it. */
  entryTitle: string | null;
  status: PublicityStatus;
  startDate: string;
  endDate: string;
  /** The end of endDate in Beijing: the first moment after it (the window is open while now is before). */
  closesAt: Date;
  /** The publicity is OPEN and now is before closesAt. */
  open: boolean;
}

/** What other features (objections) read of publicities, in the caller's executor. */
export const publicityDirectory = {
  /**
   * The declaration's entry in the publicity and the window: null when the publicity does not exist,
   * is withdrawn or not yet open and shown, or does not show that declaration.
   */
  async entryWindow(ex: Executor, publicityId: number, declarationId: number, now: Date): Promise<PublicityEntryWindow | null> {
    const publicity = await publicityRepo.find(ex, publicityId);
    if (!publicity || (publicity.status !== 'OPEN' && publicity.status !== 'CLOSED')) return null;
    const entry = await publicityRepo.entry(ex, publicityId, declarationId);
    if (!entry) return null;
    const closesAt = afterBeijingDay(publicity.endDate);
    return {
      publicityId,
      declarationId,
      editionId: publicity.editionId,
      prizeId: publicity.prizeId,
      kind: publicity.kind,
      title: publicity.title,
      entryTitle: entry.title,
      status: publicity.status,
      startDate: publicity.startDate,
      endDate: publicity.endDate,
      closesAt,
      open: publicity.status === 'OPEN' && now < closesAt,
    };
  },
};
export type PublicityDirectory = typeof publicityDirectory;
