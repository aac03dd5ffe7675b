import { App, Cascader } from 'antd';
import { DISCIPLINES, disciplinePath, isListedDiscipline, normalizeDisciplineCode, type Discipline } from '@dandelion/shared/award/disciplines';

interface DisciplineOption {
  value: string;
  label: string;
  name: string;
  children?: DisciplineOption[];
}

export interface DisciplinePickerProps {
  /** The picked codes, each a first-level (`520`) or second-level (`52020`) discipline. */
  value?: string[] | null;
  onChange?: (codes: string[]) => void;
  /** At most this many codes (default 3); a tick beyond it is refused with a message. */
  max?: number;
  placeholder?: string;
  disabled?: boolean;
  allowClear?: boolean;
  id?: string;
  style?: React.CSSProperties;
  'aria-label'?: string;
}

const optionOf = (d: Discipline): DisciplineOption => ({
  value: d.code,
  label: `${d.code} ${d.name}`,
  name: d.name,
  children: d.children.length ? d.children.map(optionOf) : undefined,
});

/** One tree for every picker: the dictionary is fixed. */
const OPTIONS: DisciplineOption[] = DISCIPLINES.map(optionOf);

/** A stored code as the cascader's path: a listed code under its parents, anything else as itself (it stays, shown as its code). */
const pathOf = (code: string): string[] => (isListedDiscipline(code) ? disciplinePath(code).map((d) => d.code) : [code]);

/** Search by code (`520`, `520.20`) as a prefix, or by any part of a name. */
function matches(input: string, path: DisciplineOption[]): boolean {
  const term = input.trim();
  if (!term) return true;
  if (/^[\d.\s]+$/.test(term)) {
    const digits = normalizeDisciplineCode(term);
    return path.some((o) => o.value.startsWith(digits));
  }
  return path.some((o) => o.name.includes(term));
}

/**
 * The discipline picker (GB/T 13745, two levels) for forms: several codes, searchable by code or
 * name, each shown with its path (`520 计算机科学技术 / 52020 人工智能`). Ticking a first-level
 * discipline picks it as a whole (and replaces its picked children); the value is the codes, not the paths.
 */
export function DisciplinePicker({ value, onChange, max = 3, placeholder = '请选择学科，可输入代码或名称搜索', disabled, allowClear = true, id, style, ...rest }: DisciplinePickerProps) {
  const { message } = App.useApp();
  const codes = value ?? [];

  return (
    <Cascader<DisciplineOption>
      {...rest}
      id={id}
      multiple
      style={style ?? { width: '100%' }}
      options={OPTIONS}
      value={codes.map(pathOf)}
      disabled={disabled}
      allowClear={allowClear}
      placeholder={placeholder}
      notFoundContent="没有匹配的学科"
      showCheckedStrategy={Cascader.SHOW_PARENT}
      showSearch={{ filter: (input, path) => matches(input, path), limit: 50 }}
      displayRender={(labels) => labels.join(' / ')}
      onChange={(paths) => {
        const next = paths.map((p) => String(p[p.length - 1]));
        // The limit is kept here, not by disabling options: the tree counts a group as ticked once all
        // its tickable children are, so disabled siblings would turn one picked child into its whole group.
        if (next.length > max && next.length > codes.length) {
          void message.warning(`最多选择 ${max} 个学科`);
          return;
        }
        onChange?.(next);
      }}
    />
  );
}
