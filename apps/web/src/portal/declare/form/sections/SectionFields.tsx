import { Form } from 'antd';
import type { DeclarationSection } from '@dandelion/shared/award/prize';
import { attachmentsSection } from '@dandelion/shared/award/declarationContent';
import { zodListRule } from '../../../../components/form/zodRules';
import type { Declaration } from '../../api';
import { AttachmentsField } from './AttachmentsField';
import { BasicFields } from './BasicFields';
import { EconomicFields } from './EconomicFields';
import { IpFields, PaperFields } from './ListFields';
import { CompleterFields, UnitFields } from './PeopleFields';
import { RichTextFields } from './RichTextFields';

/** The fields of one section; the form around them holds the section's content as its values. */
export function SectionFields({ section, declaration, disabled }: { section: DeclarationSection; declaration: Declaration; disabled: boolean }) {
  switch (section) {
    case 'BASIC':
      return <BasicFields declaration={declaration} disabled={disabled} />;
    case 'COMPLETERS':
      return <CompleterFields declaration={declaration} disabled={disabled} />;
    case 'UNITS':
      return <UnitFields declaration={declaration} disabled={disabled} />;
    case 'SUMMARY':
      return <RichTextFields declaration={declaration} field="summary" label="项目简介" disabled={disabled} />;
    case 'INNOVATIONS':
      return <RichTextFields declaration={declaration} field="innovations" label="主要科技创新" disabled={disabled} />;
    case 'APPLICATION':
      return <RichTextFields declaration={declaration} field="application" label="推广应用情况" disabled={disabled} />;
    case 'SOCIAL':
      return <RichTextFields declaration={declaration} field="social" label="社会效益" disabled={disabled} />;
    case 'IP':
      return <IpFields disabled={disabled} />;
    case 'PAPERS':
      return <PaperFields disabled={disabled} />;
    case 'ECONOMIC':
      return <EconomicFields disabled={disabled} />;
    case 'ATTACHMENTS':
      return (
        <Form.Item name="attachments" label="附件" rules={[zodListRule(attachmentsSection.shape.attachments)]} extra="标「必传」的附件须在提交前上传；单个文件不超过 50 MB。">
          <AttachmentsField required={declaration.formConfig.requiredAttachments} disabled={disabled} />
        </Form.Item>
      );
  }
}

/** An empty list where a section keeps a list, so the form starts with the list's field. */
const EMPTY: Partial<Record<DeclarationSection, Record<string, unknown>>> = {
  COMPLETERS: { completers: [] },
  UNITS: { units: [] },
  IP: { items: [] },
  PAPERS: { papers: [] },
  ECONOMIC: { years: [] },
  ATTACHMENTS: { attachments: [] },
};

/** The form's starting values: the section as last saved, or its empty shape. */
export function initialValuesOf(section: DeclarationSection, content: unknown): Record<string, unknown> {
  return { ...EMPTY[section], ...((content as Record<string, unknown> | null) ?? {}) };
}

/**
 * What is sent for a section: the form's values with empty strings and unset values taken out,
 * and lists kept (an emptied list is saved as empty).
 */
export function contentOf(section: DeclarationSection, values: Record<string, unknown>): Record<string, unknown> {
  const clean = (value: unknown): unknown => {
    if (Array.isArray(value)) return value.map(clean);
    if (value && typeof value === 'object') {
      return Object.fromEntries(
        Object.entries(value as Record<string, unknown>)
          .map(([k, v]) => [k, clean(v)] as const)
          .filter(([, v]) => v !== undefined && v !== null && v !== ''),
      );
    }
    return value;
  };
  return { ...EMPTY[section], ...(clean(values) as Record<string, unknown>) };
}
