import { Alert, Button } from 'antd';
import { DECLARATION_SECTION_LABELS, DECLARATION_SECTIONS, type DeclarationSection } from '@dandelion/shared/award/prize';
import type { DeclarationProblem } from '../api';

/** The check's problems by section, in the form's order; each opens its section at its field. */
export function ProblemList({ problems, onOpen, onClose }: { problems: readonly DeclarationProblem[]; onOpen(problem: DeclarationProblem): void; onClose(): void }) {
  if (problems.length === 0) {
    return <Alert type="success" showIcon closable onClose={onClose} message="检查通过，可以提交" />;
  }
  const bySection = DECLARATION_SECTIONS.map((section) => [section, problems.filter((p) => p.section === section)] as [DeclarationSection, DeclarationProblem[]]).filter(
    ([, list]) => list.length > 0,
  );
  return (
    <Alert
      type="error"
      showIcon
      closable
      onClose={onClose}
      className="dl-problem-list"
      message={`还有 ${problems.length} 个问题需要处理后才能提交`}
      description={
        <div role="list" aria-label="检查发现的问题">
          {bySection.map(([section, list]) => (
            <div key={section} className="dl-problem-list__section" role="listitem">
              <strong>{DECLARATION_SECTION_LABELS[section]}</strong>
              <ul>
                {list.map((problem, i) => (
                  <li key={`${problem.field}-${i}`}>
                    <Button type="link" size="small" onClick={() => onOpen(problem)}>
                      {problem.message}
                    </Button>
                  </li>
                ))}
              </ul>
            </div>
          ))}
        </div>
      }
    />
  );
}
