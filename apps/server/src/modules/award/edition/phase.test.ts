import { describe, expect, it } from 'vitest';
import { EDITION_STAGES } from '@dandelion/shared/award/edition';
import { normaliseStages, phaseOn } from './phase';

const stages = [
  { stage: 'DECLARATION' as const, startDate: '2026-03-01', endDate: '2026-03-31' },
  { stage: 'FORMAL_REVIEW' as const, startDate: '2026-04-01', endDate: '2026-04-20' },
  { stage: 'RESULT_PUBLICITY' as const, startDate: '2026-10-01', endDate: '2026-10-21' },
];

describe('edition phase by date', () => {
  it('an unpublished edition is preparing whatever its dates', () => {
    expect(phaseOn({ published: false, stages }, '2026-03-15')).toBe('PREPARING');
  });

  it('a published edition declares from the first to the last day of its window, both inclusive', () => {
    expect(phaseOn({ published: true, stages }, '2026-02-28')).toBe('PREPARING');
    expect(phaseOn({ published: true, stages }, '2026-03-01')).toBe('DECLARING');
    expect(phaseOn({ published: true, stages }, '2026-03-31')).toBe('DECLARING');
    expect(phaseOn({ published: true, stages }, '2026-04-01')).toBe('REVIEWING');
  });

  it('reviews until its last stage has ended, then is finished', () => {
    expect(phaseOn({ published: true, stages }, '2026-10-21')).toBe('REVIEWING');
    expect(phaseOn({ published: true, stages }, '2026-10-22')).toBe('FINISHED');
  });

  it('without declaration dates it cannot open', () => {
    expect(phaseOn({ published: true, stages: stages.slice(1) }, '2026-04-05')).toBe('PREPARING');
  });

  it('normalises a form’s stages to every stage once, in order', () => {
    const normalised = normaliseStages([stages[2]!, stages[0]!], EDITION_STAGES);
    expect(normalised.map((s) => s.stage)).toEqual([...EDITION_STAGES]);
    expect(normalised[0]).toEqual(stages[0]);
    expect(normalised[1]).toEqual({ stage: 'UNIT_REVIEW', startDate: null, endDate: null });
  });
});
