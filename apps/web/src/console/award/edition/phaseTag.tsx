import { EDITION_PHASE_LABELS, type EditionPhase } from '@dandelion/shared/award/edition';
import { labelTag } from '../../../components/detail';

const PHASE_COLORS: Readonly<Record<EditionPhase, string>> = { PREPARING: 'default', DECLARING: 'processing', REVIEWING: 'warning', FINISHED: 'success' };

/** An edition's phase as the list and the detail show it: 筹备中 grey, 申报中 blue, 评审中 amber, 已结束 green. */
export const phaseTag = (phase: EditionPhase) => labelTag(EDITION_PHASE_LABELS, phase, PHASE_COLORS);
