import { Descriptions, Typography } from 'antd';
import { PRIZE_GRADE_LABELS, DECLARATION_SECTION_LABELS, type DeclarationSection } from '@dandelion/shared/award/prize';
import { dateTimeOf, EMPTY_VALUE, textOf } from '../detail';
import type { DeclarationDetail } from './api';
import { ReviewNotes } from './ReviewNotes';
import { renderSection } from './sections';
import { declarationStatusTag } from './statusTag';

export interface DeclarationViewProps {
  declaration: DeclarationDetail;
  /** ID numbers are masked unless this is set (only where the whole number is needed). */
  revealIdNumbers?: boolean;
}

/** The sections the prize's form has, in its order; BASIC always comes first. */
export function sectionsOf(declaration: DeclarationDetail): DeclarationSection[] {
  const configured = declaration.formConfig.sections;
  return configured.includes('BASIC') ? configured : ['BASIC', ...configured];
}

/**
 * A whole declaration read-only, as reviewers and the prize office see it: the header facts, the
 * reviewer's last note and a withdrawal request, then every section of the prize's form in order.
 */
export function DeclarationView({ declaration, revealIdNumbers = false }: DeclarationViewProps) {
  const d = declaration;
  const grade = d.proposedGrade ?? d.content.BASIC?.proposedGrade ?? null;
  return (
    <div className="declaration-view">
      <Descriptions
        bordered
        size="small"
        column={{ xs: 1, sm: 1, md: 2, lg: 3, xl: 3, xxl: 3 }}
        styles={{ label: { whiteSpace: 'nowrap' } }}
        style={{ marginBottom: 16 }}
        items={[
          { key: 'no', label: '登记号', children: textOf(d.registrationNo) },
          { key: 'status', label: '状态', children: declarationStatusTag(d.status) },
          { key: 'step', label: '当前环节', children: textOf(d.currentStep) },
          { key: 'edition', label: '届次', children: d.editionName },
          { key: 'prize', label: '奖种', children: d.prizeName },
          { key: 'grade', label: '推荐等级', children: grade ? PRIZE_GRADE_LABELS[grade] : EMPTY_VALUE },
          { key: 'unit', label: '申报单位', children: textOf(d.unitOrgName) },
          { key: 'nominator', label: '提名单位', children: textOf(d.nominatorOrgName) },
          { key: 'applicant', label: '申报人', children: d.applicantName },
          { key: 'submitTime', label: '提交时间', span: 'filled', children: dateTimeOf(d.submitTime) },
        ]}
      />
      <ReviewNotes declaration={d} />
      {sectionsOf(d).map((section, index) => (
        <section key={section} data-section={section} style={{ marginBottom: 20 }}>
          <Typography.Title level={5} style={{ marginBottom: 8 }}>
            {`${index + 1}. ${DECLARATION_SECTION_LABELS[section]}`}
          </Typography.Title>
          {renderSection(section, { declaration: d, revealIdNumbers })}
        </section>
      ))}
    </div>
  );
}
