/**
 * Hard conflicts between an expert and a declaration (DOMAIN.md "Assignment"): a pair with any of
 * them gets no edge in the assignment, and the office is told why. Pure rules over the facts the
 * expert pool and the declaration hold, so the solver, the explanation on screen and the tests
 * agree on one reading.
 */

export const CONFLICT_KINDS = ['SAME_UNIT', 'FORMER_UNIT', 'COMPLETER', 'RELATION', 'STATUS', 'AGE', 'VETO', 'SAME_REGION'] as const;
export type ConflictKind = (typeof CONFLICT_KINDS)[number];
export const CONFLICT_KIND_LABELS: Readonly<Record<ConflictKind, string>> = {
  SAME_UNIT: '同一单位',
  FORMER_UNIT: '曾在完成单位工作',
  COMPLETER: '专家是完成人',
  RELATION: '存在回避关系',
  STATUS: '专家状态不可用',
  AGE: '超过年龄上限',
  VETO: '人工排除',
  SAME_REGION: '同一地区',
};

export const RELATION_KINDS = ['KIN', 'ADVISOR', 'COAUTHOR', 'COLLABORATOR'] as const;
export type RelationKind = (typeof RELATION_KINDS)[number];
export const RELATION_KIND_LABELS: Readonly<Record<RelationKind, string>> = { KIN: '亲属', ADVISOR: '师生', COAUTHOR: '合作发表', COLLABORATOR: '项目合作' };

export interface UnitRef {
  unitName: string | null;
  creditCode?: string | null;
}

export interface ExpertFacts {
  expertId: string;
  name: string;
  unit: UnitRef;
  /** Units the expert worked at, with the last day there (YYYY-MM-DD; null = unknown, counts as recent). */
  formerUnits?: Array<UnitRef & { until: string | null }>;
  idNumber?: string | null;
  /** Only ACTIVE experts review. */
  status: string;
  birthYear?: number | null;
  region?: string | null;
  /** Declared relations: to a person (by ID number, else by name) or to a unit, until a date (null = lasting). */
  relations?: Array<{ kind: RelationKind; personName?: string | null; personIdNumber?: string | null; unit?: UnitRef | null; until?: string | null }>;
}

export interface DeclarationFacts {
  declarationId: string;
  /** Completing units, the applicant's unit and the nominating organisation: an expert from any of them is out. */
  units: UnitRef[];
  completers: Array<{ name: string | null; idNumber: string | null }>;
  region?: string | null;
}

export interface ConflictSettings {
  /** Today (Beijing, YYYY-MM-DD): relations and former units count while they are this recent. */
  today: string;
  /** Former units and ended relations count for this many years after they ended (default 3). */
  lookbackYears?: number;
  /** Experts older than this (in years, by birth year) do not review; absent = no limit. */
  maxAge?: number | null;
  /** Experts only from outside the declaration's region. */
  outOfRegionOnly?: boolean;
  /** Pairs the office excluded by hand, `expertId:declarationId` → reason. */
  vetoes?: ReadonlyMap<string, string>;
}

export interface Conflict {
  kind: ConflictKind;
  /** Why, in words the office reads (e.g. 与完成单位「某某科技股份有限公司」为同一单位). */
  message: string;
}

/**
 * Corporate-form words stripped before two unit names are compared, longest first so that
 * 股份有限公司 goes before 有限公司. "某某科技有限公司" and "某某科技股份有限公司" are one unit.
 */
const CORPORATE_SUFFIXES = ['股份有限公司', '有限责任公司', '集团有限公司', '集团股份公司', '有限公司', '股份公司', '集团公司', '总公司', '分公司', '集团', '公司'];

/** A unit name as compared: no spaces or brackets' width differences, no corporate-form suffix. */
export function normaliseUnitName(name: string | null | undefined): string {
  let n = (name ?? '').replace(/\s+/g, '').replace(/（/g, '(').replace(/）/g, ')').replace(/\((中国|China)\)/gi, '');
  for (let changed = true; changed; ) {
    changed = false;
    for (const suffix of CORPORATE_SUFFIXES) {
      if (n.length > suffix.length && n.endsWith(suffix)) {
        n = n.slice(0, -suffix.length);
        changed = true;
        break;
      }
    }
  }
  return n;
}

/**
 * Two units are one when their credit codes match or their normalised names do. A name match counts
 * even when the codes differ: a company re-registered as 股份有限公司 gets a new code but is the
 * same people, and a missed conflict costs more than a lost candidate.
 */
export function sameUnit(a: UnitRef, b: UnitRef): boolean {
  const codeA = a.creditCode?.trim().toUpperCase();
  const codeB = b.creditCode?.trim().toUpperCase();
  if (codeA && codeB && codeA === codeB) return true;
  const nameA = normaliseUnitName(a.unitName);
  return nameA !== '' && nameA === normaliseUnitName(b.unitName);
}

const yearsBefore = (date: string, years: number) => `${Number(date.slice(0, 4)) - years}${date.slice(4)}`;
/** A dated tie still counts while it ended within the lookback (or has no end). */
const stillCounts = (until: string | null | undefined, settings: ConflictSettings) => !until || until >= yearsBefore(settings.today, settings.lookbackYears ?? 3);
const sameId = (a: string | null | undefined, b: string | null | undefined) => !!a && !!b && a.trim().toUpperCase() === b.trim().toUpperCase();

/** Every hard conflict of the pair, empty when the expert may review the declaration. */
export function conflictsOf(expert: ExpertFacts, declaration: DeclarationFacts, settings: ConflictSettings): Conflict[] {
  const found: Conflict[] = [];
  if (expert.status !== 'ACTIVE') found.push({ kind: 'STATUS', message: `专家状态为「${expert.status}」，不能评审` });
  const veto = settings.vetoes?.get(`${expert.expertId}:${declaration.declarationId}`);
  if (veto !== undefined) found.push({ kind: 'VETO', message: `人工排除：${veto || '未说明理由'}` });
  if (settings.maxAge != null && expert.birthYear != null) {
    const age = Number(settings.today.slice(0, 4)) - expert.birthYear;
    if (age > settings.maxAge) found.push({ kind: 'AGE', message: `专家年龄 ${age} 岁，超过 ${settings.maxAge} 岁上限` });
  }
  const unit = declaration.units.find((u) => sameUnit(expert.unit, u));
  if (unit) found.push({ kind: 'SAME_UNIT', message: `与完成单位「${unit.unitName}」为同一单位` });
  for (const former of expert.formerUnits ?? []) {
    if (!stillCounts(former.until, settings)) continue;
    const hit = declaration.units.find((u) => sameUnit(former, u));
    if (hit) {
      found.push({ kind: 'FORMER_UNIT', message: `近${settings.lookbackYears ?? 3}年曾在完成单位「${hit.unitName}」工作` });
      break;
    }
  }
  const self = declaration.completers.find((c) => sameId(c.idNumber, expert.idNumber));
  if (self) found.push({ kind: 'COMPLETER', message: `专家本人是本项目的主要完成人（${self.name ?? ''}）` });
  for (const relation of expert.relations ?? []) {
    if (!stillCounts(relation.until, settings)) continue;
    const person = declaration.completers.find((c) =>
      relation.personIdNumber ? sameId(c.idNumber, relation.personIdNumber) : !!relation.personName && c.name?.trim() === relation.personName.trim(),
    );
    if (person) {
      found.push({ kind: 'RELATION', message: `与主要完成人「${person.name ?? ''}」存在${RELATION_KIND_LABELS[relation.kind]}关系` });
      continue;
    }
    const related = relation.unit ? declaration.units.find((u) => sameUnit(relation.unit!, u)) : undefined;
    if (related) found.push({ kind: 'RELATION', message: `与完成单位「${related.unitName}」存在${RELATION_KIND_LABELS[relation.kind]}关系` });
  }
  if (settings.outOfRegionOnly && expert.region && declaration.region && expert.region === declaration.region) {
    found.push({ kind: 'SAME_REGION', message: '本组只聘请外地专家，该专家与项目同属一个地区' });
  }
  return found;
}
