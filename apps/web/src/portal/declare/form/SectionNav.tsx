import { CheckCircleFilled, ExclamationCircleFilled } from '@ant-design/icons';
import { DECLARATION_SECTION_LABELS, type DeclarationSection } from '@dandelion/shared/award/prize';

interface SectionNavProps {
  sections: readonly DeclarationSection[];
  current: DeclarationSection;
  /** Sections saved at least once. */
  saved: ReadonlySet<DeclarationSection>;
  /** Problems per section from the last check. */
  problemCounts: Partial<Record<DeclarationSection, number>>;
  /** The open section has typing not saved yet. */
  unsaved: boolean;
  onOpen(section: DeclarationSection): void;
}

/** The prize's sections down the left: ✓ once saved, a mark with the count when the check found problems. */
export function SectionNav({ sections, current, saved, problemCounts, unsaved, onOpen }: SectionNavProps) {
  return (
    <nav className="dl-section-nav" aria-label="申报书栏目">
      <ol>
        {sections.map((section, i) => {
          const problems = problemCounts[section] ?? 0;
          return (
            <li key={section}>
              <button
                type="button"
                className={section === current ? 'dl-section-nav__item is-current' : 'dl-section-nav__item'}
                aria-current={section === current ? 'step' : undefined}
                onClick={() => onOpen(section)}
              >
                <span className="dl-section-nav__index">{i + 1}</span>
                <span className="dl-section-nav__label">{DECLARATION_SECTION_LABELS[section]}</span>
                {unsaved && section === current ? <span className="dl-section-nav__unsaved">未保存</span> : null}
                {problems > 0 ? (
                  <span className="dl-section-nav__problems" title={`${problems} 个问题`}>
                    <ExclamationCircleFilled aria-hidden /> <span className="dl-visually-hidden">有问题</span>
                    {problems}
                  </span>
                ) : saved.has(section) ? (
                  <CheckCircleFilled className="dl-section-nav__saved" aria-label="已保存" />
                ) : null}
              </button>
            </li>
          );
        })}
      </ol>
    </nav>
  );
}
