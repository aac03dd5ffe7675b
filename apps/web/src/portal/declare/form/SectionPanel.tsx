import { useEffect } from 'react';
import { Form, type FormInstance } from 'antd';
import type { DeclarationSection } from '@dandelion/shared/award/prize';
import type { Declaration } from '../api';
import { namePathOf, type FieldTarget } from './fieldPath';
import { initialValuesOf, SectionFields } from './sections/SectionFields';

interface SectionPanelProps {
  section: DeclarationSection;
  declaration: Declaration;
  /** The section as last saved (or loaded). */
  content: unknown;
  disabled: boolean;
  /** A field to go to once the section is shown (a problem of the check). */
  target: FieldTarget | null;
  onForm(form: FormInstance): void;
  onDirty(): void;
}

/**
 * One section's form. Keyed by section in the page, so it starts from the saved content each time
 * a section is opened; while it stays open, what is typed stays (a failed save keeps it).
 */
export function SectionPanel({ section, declaration, content, disabled, target, onForm, onDirty }: SectionPanelProps) {
  const [form] = Form.useForm();
  useEffect(() => onForm(form), [form, onForm]);

  useEffect(() => {
    if (!target || target.section !== section) return;
    const name = namePathOf(target.field);
    if (name.length === 0) return;
    // After the fields have rendered: mark the field with the problem, then bring it into view.
    const timer = setTimeout(() => {
      if (target.message) form.setFields([{ name, errors: [target.message] }]);
      form.scrollToField(name, { behavior: 'smooth', block: 'center', focus: true });
    }, 0);
    return () => clearTimeout(timer);
  }, [form, section, target]);

  return (
    <Form
      form={form}
      layout="vertical"
      disabled={disabled}
      initialValues={initialValuesOf(section, content)}
      onValuesChange={onDirty}
      name={`declaration-${section.toLowerCase()}`}
      scrollToFirstError={{ block: 'center', focus: true }}
    >
      <SectionFields section={section} declaration={declaration} disabled={disabled} />
    </Form>
  );
}
